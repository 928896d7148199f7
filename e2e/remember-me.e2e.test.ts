import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from './support/browser.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn, signInRedirectingTo, storedTokens, welcomeHeading } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();
const hrAdmin = e2eAccounts.hrAdmin;

/**
 * Core §4 "Session": with "Ghi nhớ đăng nhập" the session lives in localStorage and outlives the
 * browser; without it, in the tab's sessionStorage only. A new browser context given the first
 * one's storage state (cookies and localStorage, never sessionStorage) is a browser reopened.
 */
describe.each(portals)('remember me on $engine', ({ baseUrl }) => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const newContext = async (storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) => {
    const context = await browser.newContext({ baseURL: baseUrl, locale: 'vi-VN', storageState });
    contexts.push(context);
    return context;
  };

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });

  it('keeps the tokens in localStorage only, and a reopened browser is still signed in', async () => {
    const first = await (await newContext()).newPage();
    await signIn(first, hrAdmin, { rememberMe: true });
    const stored = await storedTokens(first);
    expect(stored.local).toContain('accessToken');
    expect(stored.perTab).toBeNull();

    const reopened = await (await newContext(await first.context().storageState())).newPage();
    await reopened.goto('/dashboard');
    await welcomeHeading(reopened, hrAdmin, 'vi').waitFor();
    expect(new URL(reopened.url()).pathname).toBe('/dashboard');
  });

  it('without it keeps the tokens in the tab only: a reload stays, a new tab must sign in', async () => {
    const first = await (await newContext()).newPage();
    await signIn(first, hrAdmin, { rememberMe: false });
    const stored = await storedTokens(first);
    expect(stored.perTab).toContain('accessToken');
    expect(stored.local).toBeNull();

    await first.reload();
    await welcomeHeading(first, hrAdmin, 'vi').waitFor();

    const reopened = await (await newContext(await first.context().storageState())).newPage();
    await reopened.goto('/dashboard');
    await reopened.waitForURL(signInRedirectingTo('/dashboard'));
    await reopened.getByRole('button', { name: 'Đăng nhập' }).waitFor();
  });
});
