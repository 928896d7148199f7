import { Suspense, lazy } from 'react';
import { ORGANIZATION_APP } from '@hcm/contracts';
import { Loading, MessageBar, MessageBarBody } from '@hcm/ui';
import { useOrganizationTranslation } from './organization-i18n.ts';
import { useOrganizationLocation } from './use-location.ts';

function LoadFailed() {
  const { t } = useOrganizationTranslation();
  return (
    <MessageBar intent="error">
      <MessageBarBody>{t('app.loadFailed')}</MessageBarBody>
    </MessageBar>
  );
}

/** The app's one page chunk (chart, list, forms), fetched when its route is first opened. */
const OrganizationPages = lazy(() =>
  import('./pages/OrganizationPages.tsx').catch(() => ({ default: LoadFailed })),
);

/** Whether the path is one of the app's routes or a page below one (ORGANIZATION_APP.routes). */
export function servedByApp(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return ORGANIZATION_APP.routes.some((route) => path === route || path.startsWith(`${route}/`));
}

/** Draws the page of the current route; single-spa mounts the app only on its routes. */
export function OrganizationRouter() {
  const { pathname } = useOrganizationLocation();
  // A path outside our routes is the moment single-spa is about to unmount us: not ours to call not found.
  if (!servedByApp(pathname)) return null;
  return (
    <Suspense fallback={<Loading size="small" />}>
      <OrganizationPages />
    </Suspense>
  );
}
