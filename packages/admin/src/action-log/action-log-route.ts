import { logPage, type LogPage } from '../logs/log-route.ts';

/** The log's pages: its list and one entry's detail (read-only, so nothing else). */
export const ACTION_LOG_ROUTE = '/system/action-log';

/** Which page of the log a path is: the list, one entry's detail, or none (null). */
export const actionLogPage = (pathname: string): LogPage | null => logPage(ACTION_LOG_ROUTE, pathname);
