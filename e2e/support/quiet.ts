import type { Page, Request } from 'playwright-core';

const isNotificationStream = (request: Request) =>
  new URL(request.url()).pathname.endsWith('/notifications/stream');

/** A watch on a page's requests from now on (`watchRequests`). */
export interface RequestWatch {
  /**
   * Resolves once the page has loaded and no request seen since the watch began has been in
   * flight for `quietMs`; stops the watch.
   */
  quiet(quietMs?: number, timeoutMs?: number): Promise<void>;
}

/**
 * Watches the page's requests, the bell's notification stream aside (it stays open for as long
 * as the page lives, so the network is never idle for `waitForLoadState('networkidle')`). Start
 * it before the action whose requests must end: a request already in flight when a watch
 * begins is not seen (a CI run clicked the user menu while the dashboard's statistics were
 * still loading, and their arrival moved the menu from under the click).
 */
export function watchRequests(page: Page): RequestWatch {
  const pending = new Set<Request>();
  let lastActivity = Date.now();
  const started = (request: Request) => {
    if (isNotificationStream(request)) return;
    pending.add(request);
    lastActivity = Date.now();
  };
  const ended = (request: Request) => {
    if (pending.delete(request)) lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet(quietMs = 500, timeoutMs = 30_000) {
      try {
        await page.waitForLoadState('load');
        const deadline = Date.now() + timeoutMs;
        while (pending.size > 0 || Date.now() - lastActivity < quietMs) {
          if (Date.now() > deadline)
            throw new Error(
              `the page was still loading after ${timeoutMs} ms: ${[...pending].map((r) => r.url()).join(', ')}`,
            );
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        page.off('request', started);
        page.off('requestfinished', ended);
        page.off('requestfailed', ended);
      }
    },
  };
}

/** `watchRequests(page).quiet(…)`: requests in flight before the call are not waited for. */
export function waitForQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  return watchRequests(page).quiet(quietMs, timeoutMs);
}
