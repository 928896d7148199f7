/** The production build writes the worker at the root (scripts/build/service-worker.mjs). */
export const SERVICE_WORKER_URL = '/sw.js';

/** core §4: registered once the app is stable, and within 30 s at the latest. */
export const STABLE_WITHIN_MS = 30_000;

/** single-spa's events that say the page is up: the first app mounted, or any app change settling. */
export const STABLE_EVENTS = ['single-spa:first-mount', 'single-spa:app-change'] as const;

export interface ServiceWorkerPage {
  /** the window: where single-spa fires its events */
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** navigator.serviceWorker; undefined where the browser has none (plain HTTP on another host) */
  serviceWorker: Pick<ServiceWorkerContainer, 'register'> | undefined;
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (handle: number) => void;
}

/**
 * Registers the service worker once, when the portal is stable or after STABLE_WITHIN_MS,
 * whichever comes first, so that its precaching never competes with the first page's own
 * downloads. Call it before single-spa's start() so the first event is not missed. A failed
 * registration only means no offline cache: it is reported as a warning and nothing else.
 */
export function registerServiceWorkerWhenStable(page: ServiceWorkerPage): void {
  const { serviceWorker } = page;
  if (!serviceWorker) return;
  let done = false;
  const register = () => {
    if (done) return;
    done = true;
    for (const event of STABLE_EVENTS) page.events.removeEventListener(event, register);
    page.clearTimeout(timer);
    serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => {
      console.warn('service worker not registered', error);
    });
  };
  for (const event of STABLE_EVENTS) page.events.addEventListener(event, register);
  const timer = page.setTimeout(register, STABLE_WITHIN_MS);
}
