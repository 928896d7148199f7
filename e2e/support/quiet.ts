import type { Page, Request } from 'playwright-core';

const isNotificationStream = (request: Request) =>
  new URL(request.url()).pathname.endsWith('/notifications/stream');

/**
 * `waitForLoadState('networkidle')` for a signed-in page: the bell keeps its notification
 * stream open for as long as the page lives, so the network is never idle. Resolves once the
 * page has loaded and no other request has been in flight for `quietMs`.
 */
export async function waitForQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  await page.waitForLoadState('load');
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
  try {
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
}
