import { Suspense, lazy } from 'react';
import { Loading, MessageBar, MessageBarBody, useBrowserLocation } from '@hcm/ui';
import { HAND_MADE_PAGES } from './hand-made-pages.ts';
import { usePayrollTranslation } from './payroll-i18n.ts';
import { routeOf } from './payroll-pages.ts';

function LoadFailed() {
  const { t } = usePayrollTranslation();
  return (
    <MessageBar intent="error">
      <MessageBarBody>{t('app.loadFailed')}</MessageBarBody>
    </MessageBar>
  );
}

/** The records' generic pages (resources.ts), one chunk, fetched when one of them is first opened. */
const ResourcePages = lazy(() => import('./pages/ResourcePages.tsx').catch(() => ({ default: LoadFailed })));

/**
 * Draws the page of the current route: a hand-made page (hand-made-pages.ts) or a record's generic
 * pages (resources.ts). single-spa mounts the app only on its routes.
 */
export function PayrollRouter() {
  const { pathname } = useBrowserLocation();
  const route = routeOf(pathname);
  // A path outside our routes is the moment single-spa is about to unmount us: not ours to call not found.
  if (!route) return null;
  const HandMade = HAND_MADE_PAGES[route];
  return (
    <Suspense fallback={<Loading size="small" />}>{HandMade ? <HandMade /> : <ResourcePages />}</Suspense>
  );
}
