import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import flags from '../../scripts/chromium.json' with { type: 'json' };

export const chromiumPath = process.env.CHROME_PATH ?? flags.executablePath;

/** Debian's Chromium, headless, with the flags this closed network needs (scripts/chromium.json). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: flags.args });
}

/** The page a test drives; it exists from the test's beforeEach on. */
export interface PagePerTest {
  readonly page: Page;
}

/**
 * Gives the calling describe block one Chromium for the suite and, for each test, a fresh
 * Vietnamese browser context on `baseUrl` with one page, closed after the test. Hooks the
 * caller adds later (e.g. signing in) run after the page exists.
 */
export function pagePerTest(baseUrl: string): PagePerTest {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('pagePerTest: Chromium did not start');
    context = await browser.newContext({ baseURL: baseUrl, locale: 'vi-VN' });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
    context = page = undefined;
  });
  return {
    get page() {
      if (!page) throw new Error('pagePerTest: the page opens in beforeEach; use it inside tests');
      return page;
    },
  };
}
