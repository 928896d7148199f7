import { useMemo, useSyncExternalStore } from 'react';

// single-spa fires popstate (and its routing event) for every navigation once it has started.
const EVENTS = ['popstate', 'single-spa:routing-event'] as const;
const subscribe = (onChange: () => void) => {
  EVENTS.forEach((name) => window.addEventListener(name, onChange));
  return () => EVENTS.forEach((name) => window.removeEventListener(name, onChange));
};
const currentPath = () => window.location.pathname;

/** The browser's path, followed as it changes. */
export function useAdminLocation(): { pathname: string } {
  const pathname = useSyncExternalStore(subscribe, currentPath);
  return useMemo(() => ({ pathname }), [pathname]);
}
