import { Suspense, lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { MessageBar, MessageBarBody, Loading } from '@hcm/ui';
import { ADMIN_PAGES, routeOf } from './admin-pages.ts';
import { useAdminTranslation } from './admin-i18n.ts';
import { reportNavigationError } from './navigation-error.ts';
import { useAdminLocation } from './use-admin-location.ts';

function LoadFailed() {
  const { t } = useAdminTranslation();
  return (
    <MessageBar intent="error">
      <MessageBarBody>{t('app.loadFailed')}</MessageBarBody>
    </MessageBar>
  );
}

/** Each route's page, its chunk fetched the first time it is drawn; one that cannot be fetched says so. */
const PAGES: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = Object.fromEntries(
  Object.entries(ADMIN_PAGES).map(([route, load]) => [
    route,
    lazy(() => load().catch(() => ({ default: LoadFailed }))),
  ]),
);

function ReportNotFound() {
  useEffect(() => reportNavigationError(404), []);
  return null;
}

/** Draws the page of the current route; single-spa mounts the app only on its routes. */
export function AdminRouter() {
  const { pathname } = useAdminLocation();
  const route = routeOf(pathname);
  // A path outside our routes is the moment single-spa is about to unmount us (the user left,
  // or the shell sent them elsewhere): not ours to call not found.
  if (!route) return null;
  const Page = PAGES[route];
  if (!Page) return <ReportNotFound />;
  return (
    <Suspense fallback={<Loading size="small" />}>
      <Page />
    </Suspense>
  );
}
