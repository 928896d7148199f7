import { LogPages } from '../logs/LogPages.tsx';
import { ActionLogListPage } from './ActionLogListPage.tsx';
import { ActionLogDetailPage } from './ActionLogDetailPage.tsx';
import { ACTION_LOG_ROUTE } from './action-log-route.ts';

/**
 * The action log, read-only: a list and one entry's detail. Hand-made rather than the generic
 * pages, because its API has no keyword, no writes and sorts only by time.
 */
export default function ActionLogPages() {
  return <LogPages route={ACTION_LOG_ROUTE} List={ActionLogListPage} Detail={ActionLogDetailPage} />;
}
