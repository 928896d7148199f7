import { useEffect } from 'react';
import { useAdminLocation } from '../use-admin-location.ts';
import { reportNavigationError } from '../navigation-error.ts';
import { ActionLogListPage } from './ActionLogListPage.tsx';
import { ActionLogDetailPage } from './ActionLogDetailPage.tsx';
import { actionLogPage } from './action-log-route.ts';

function ReportNotFound() {
  useEffect(() => reportNavigationError(404), []);
  return null;
}

/**
 * The action log, read-only: a list and one entry's detail. Hand-made rather than the generic
 * pages, because its API has no keyword, no writes and sorts only by time.
 */
export default function ActionLogPages() {
  const { pathname } = useAdminLocation();
  const match = actionLogPage(pathname);
  if (!match) return <ReportNotFound />;
  return match.page === 'list' ? <ActionLogListPage /> : <ActionLogDetailPage key={match.id} id={match.id} />;
}
