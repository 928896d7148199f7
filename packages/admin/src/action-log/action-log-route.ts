/** The log's pages: its list and one entry's detail (read-only, so nothing else). */
export const ACTION_LOG_ROUTE = '/system/action-log';

/** Which page of the log a path is: the list, one entry's detail, or none (null). */
export function actionLogPage(pathname: string): { page: 'list' } | { page: 'detail'; id: string } | null {
  const path = pathname.replace(/\/+$/, '');
  if (path === ACTION_LOG_ROUTE) return { page: 'list' };
  const rest = path.slice(ACTION_LOG_ROUTE.length + 1).split('/');
  if (path.startsWith(`${ACTION_LOG_ROUTE}/`) && rest.length === 2 && rest[0] && rest[1] === 'detail')
    return { page: 'detail', id: decodeURIComponent(rest[0]) };
  return null;
}
