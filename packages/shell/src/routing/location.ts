import { useMemo, useSyncExternalStore } from 'react';
import { navigateToUrl } from 'single-spa';
import type { ShellLocation } from './resolve-route.ts';

/**
 * The browser location as a React store. single-spa patches the History API and fires popstate
 * (or its routing event) once started; before start, or for our own calls, we notify ourselves.
 */
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const BROWSER_EVENTS = ['popstate', 'single-spa:routing-event'] as const;

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) BROWSER_EVENTS.forEach((name) => window.addEventListener(name, notify));
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) BROWSER_EVENTS.forEach((name) => window.removeEventListener(name, notify));
  };
}

const currentHref = () => `${window.location.pathname}${window.location.search}`;

export function useShellLocation(): ShellLocation {
  const href = useSyncExternalStore(subscribe, currentHref);
  return useMemo(() => {
    const url = new URL(href, 'http://same.invalid');
    return { pathname: url.pathname, search: url.search };
  }, [href]);
}

/** Goes to a path, adding a history entry; single-spa mounts and unmounts micro-apps to match. */
export function navigate(to: string): void {
  navigateToUrl(to);
  notify();
}

/** Goes to a path in place of the current entry: for redirects, so Back does not bounce. */
export function replaceLocation(to: string): void {
  window.history.replaceState(window.history.state, '', to);
  notify();
}
