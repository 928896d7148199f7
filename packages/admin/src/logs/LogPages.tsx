import { useEffect, type ComponentType } from 'react';
import { useAdminLocation } from '../use-admin-location.ts';
import { reportNavigationError } from '../navigation-error.ts';
import { logPage } from './log-route.ts';

function ReportNotFound() {
  useEffect(() => reportNavigationError(404), []);
  return null;
}

/**
 * A read-only log's pages (the action log, the outbound log): its list, or one entry's detail,
 * or the shell's 404 for any other path below the route.
 */
export function LogPages({
  route,
  List,
  Detail,
}: {
  route: string;
  List: ComponentType;
  Detail: ComponentType<{ id: string }>;
}) {
  const { pathname } = useAdminLocation();
  const match = logPage(route, pathname);
  if (!match) return <ReportNotFound />;
  return match.page === 'list' ? <List /> : <Detail key={match.id} id={match.id} />;
}
