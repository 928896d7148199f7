/** The roles' pages: list, create, one role's detail (with its permission matrix). */
export const ROLE_ROUTE = '/setting/role';
/** The permissions of each role, read-only (the matrix of a role picked from a list). */
export const PERMISSION_ROUTE = '/system/permission';

export type RolePage = { page: 'list' } | { page: 'create' } | { page: 'detail'; id: string };

/** Which role page a path is (null: none). */
export function rolePage(pathname: string): RolePage | null {
  const path = pathname.replace(/\/+$/, '');
  if (path === ROLE_ROUTE) return { page: 'list' };
  if (path === `${ROLE_ROUTE}/create`) return { page: 'create' };
  const rest = path.startsWith(`${ROLE_ROUTE}/`) ? path.slice(ROLE_ROUTE.length + 1).split('/') : [];
  if (rest.length === 2 && rest[0] && rest[1] === 'detail')
    return { page: 'detail', id: decodeURIComponent(rest[0]) };
  return null;
}
