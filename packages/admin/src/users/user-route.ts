/** The users' pages: list, create, the directory sync, one user's detail and update. */
export const USER_ROUTE = '/setting/user';

export type UserPage =
  { page: 'list' } | { page: 'create' } | { page: 'directory' } | { page: 'detail' | 'update'; id: string };

/** The tenant's directory (LDAP) settings and sync: a page of its own under the users. */
export const DIRECTORY_ROUTE = `${USER_ROUTE}/directory`;

/** Which user page a path is (null: none). */
export function userPage(pathname: string): UserPage | null {
  const path = pathname.replace(/\/+$/, '');
  if (path === USER_ROUTE) return { page: 'list' };
  if (path === `${USER_ROUTE}/create`) return { page: 'create' };
  if (path === DIRECTORY_ROUTE) return { page: 'directory' };
  const rest = path.startsWith(`${USER_ROUTE}/`) ? path.slice(USER_ROUTE.length + 1).split('/') : [];
  if (rest.length === 2 && rest[0] && (rest[1] === 'detail' || rest[1] === 'update'))
    return { page: rest[1], id: decodeURIComponent(rest[0]) };
  return null;
}
