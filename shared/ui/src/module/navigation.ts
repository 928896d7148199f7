import { useMemo, useSyncExternalStore } from 'react';
import { NAVIGATION_ERROR_EVENT, type NavigationErrorDetail } from '@hcm/contracts';

/** Tells the shell this page cannot be shown: it replaces it with /404, /403 or /500. */
export function reportNavigationError(status: number): void {
  const detail: NavigationErrorDetail = { status };
  window.dispatchEvent(new CustomEvent(NAVIGATION_ERROR_EVENT, { detail }));
}

// single-spa fires popstate (and its routing event) for every navigation once it has started.
const EVENTS = ['popstate', 'single-spa:routing-event'] as const;
const subscribe = (onChange: () => void) => {
  EVENTS.forEach((name) => window.addEventListener(name, onChange));
  return () => EVENTS.forEach((name) => window.removeEventListener(name, onChange));
};
const currentPath = () => window.location.pathname;
const currentSearch = () => window.location.search;

/** The browser's path and query, followed as they change (a module app's router reads them). */
export function useBrowserLocation(): { pathname: string; search: string } {
  const pathname = useSyncExternalStore(subscribe, currentPath);
  const search = useSyncExternalStore(subscribe, currentSearch);
  return useMemo(() => ({ pathname, search }), [pathname, search]);
}
