/** The users' pages: list, create, one user's detail and update. */
export const USER_ROUTE = '/setting/user';

export type UserPage = { page: 'list' } | { page: 'create' } | { page: 'detail' | 'update'; id: string };

/** Which user page a path is (null: none). */
export function userPage(pathname: string): UserPage | null {
  const path = pathname.replace(/\/+$/, '');
  if (path === USER_ROUTE) return { page: 'list' };
  if (path === `${USER_ROUTE}/create`) return { page: 'create' };
  const rest = path.startsWith(`${USER_ROUTE}/`) ? path.slice(USER_ROUTE.length + 1).split('/') : [];
  if (rest.length === 2 && rest[0] && (rest[1] === 'detail' || rest[1] === 'update'))
    return { page: rest[1], id: decodeURIComponent(rest[0]) };
  return null;
}
