import { logPage, type LogPage } from '../logs/log-route.ts';

/** The outbound log's pages: its list and one call's detail (read-only). */
export const OUTBOUND_LOG_ROUTE = '/system/outbound-log';

export const outboundLogPage = (pathname: string): LogPage | null => logPage(OUTBOUND_LOG_ROUTE, pathname);
