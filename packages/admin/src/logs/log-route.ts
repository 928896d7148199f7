/** Which page of a read-only log a path is: the list, one entry's detail, or none (null). */
export type LogPage = { page: 'list' } | { page: 'detail'; id: string };

/** A log's pages under its route: `route` (the list) and `route/<id>/detail`; nothing else. */
export function logPage(route: string, pathname: string): LogPage | null {
  const path = pathname.replace(/\/+$/, '');
  if (path === route) return { page: 'list' };
  const rest = path.slice(route.length + 1).split('/');
  if (path.startsWith(`${route}/`) && rest.length === 2 && rest[0] && rest[1] === 'detail')
    return { page: 'detail', id: decodeURIComponent(rest[0]) };
  return null;
}

/** The path of one entry's detail. */
export const logDetailPath = (route: string, id: string) => `${route}/${encodeURIComponent(id)}/detail`;
