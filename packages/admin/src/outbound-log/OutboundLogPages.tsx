import { LogPages } from '../logs/LogPages.tsx';
import { OutboundLogDetailPage } from './OutboundLogDetailPage.tsx';
import { OutboundLogListPage } from './OutboundLogListPage.tsx';
import { OUTBOUND_LOG_ROUTE } from './outbound-log-route.ts';

/** The outbound log, read-only: a list and one call's detail, on the action log's pieces. */
export default function OutboundLogPages() {
  return <LogPages route={OUTBOUND_LOG_ROUTE} List={OutboundLogListPage} Detail={OutboundLogDetailPage} />;
}
