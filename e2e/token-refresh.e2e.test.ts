import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { waitForQuiet } from './support/quiet.ts';
import { launchChromium } from './support/browser.ts';
import { e2eAccounts, startPortal, type RunningPortal } from './support/portal-process.ts';
import { createScratchDatabase } from './support/postgres.ts';
import { pickEngines } from './support/engines.ts';
import {
  accessTokenExpiry,
  recordToasts,
  signIn,
  signInRedirectingTo,
  toastsSeen,
  waitPastExpiry,
  welcomeHeading,
} from './support/portal-page.ts';

const hrAdmin = e2eAccounts.hrAdmin;
/**
 * Access tokens that expire while the user is still looking at the page: long enough for the
 * dashboard's calls (its statistics cards) to end inside one token's life on a loaded machine,
 * short enough to expire while the test waits.
 */
const SHORT_LIVED = { ACCESS_TOKEN_TTL_SECONDS: '6' };
const REFRESH_PATH = '/api/iam/refresh-token';
const PROFILE_PATH = '/api/iam/me/profile';

interface ApiAnswer {
  method: string;
  path: string;
  status: number;
}

/** Every answer of the API to the page, in order. */
function recordApiAnswers(page: Page): ApiAnswer[] {
  const answers: ApiAnswer[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/'))
      answers.push({ method: response.request().method(), path: url.pathname, status: response.status() });
  });
  return answers;
}

// Portals of this file's own: the shared ones keep the default 15-minute access tokens.
// PostgreSQL, production's engine (support/engines.ts); PGlite when no server answers.
const scratch = await createScratchDatabase('hcm_e2e_ttl');
const engines = pickEngines(
  [
    { engine: 'pglite' as const, databaseUrl: undefined },
    ...(scratch ? [{ engine: 'postgresql' as const, databaseUrl: scratch.url }] : []),
  ],
  'postgresql',
);
afterAll(async () => {
  await scratch?.drop();
});

describe.each(engines)('an access token expiring mid-session on $engine', ({ databaseUrl }) => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const newPage = async (storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) => {
    const context = await browser.newContext({ baseURL: portal.baseUrl, locale: 'vi-VN', storageState });
    contexts.push(context);
    const page = await context.newPage();
    await recordToasts(page);
    return page;
  };

  beforeAll(async () => {
    portal = await startPortal({ databaseUrl, env: SHORT_LIVED });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });

  it('is refreshed once, silently: the refused call is repeated and the user stays on the page', async () => {
    const page = await newPage();
    // From the sign-in on: on a slow machine a call of the page itself may meet the expiry first.
    const answers = recordApiAnswers(page);
    await signIn(page, hrAdmin);
    const signedIn = answers.length;
    await waitPastExpiry(await accessTokenExpiry(page));

    const reloaded = answers.length;
    await page.reload();
    await welcomeHeading(page, hrAdmin, 'vi').waitFor();
    // The reloaded page checks its session by loading the profile: wait until that has succeeded.
    await expect
      .poll(() => answers.slice(reloaded).some((a) => a.path === PROFILE_PATH && a.status === 200))
      .toBe(true);
    // and until the other refused calls (the dashboard's statistics) have been repeated
    await waitForQuiet(page);

    const session = answers.slice(signedIn);
    const seen = JSON.stringify(session);
    const refused = session.filter((a) => a.status === 401);
    expect(refused.length, seen).toBeGreaterThan(0);
    expect(
      session.filter((a) => a.path === REFRESH_PATH),
      seen,
    ).toEqual([{ method: 'POST', path: REFRESH_PATH, status: 200 }]);
    for (const call of refused) {
      const later = session.slice(session.indexOf(call) + 1);
      expect(later, seen).toContainEqual({ ...call, status: 200 });
    }
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await toastsSeen(page)).toEqual([]);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('ends the session when the refresh fails: back to sign-in, asked to return to the page', async () => {
    const page = await newPage();
    await signIn(page, hrAdmin, { rememberMe: true });
    // The same remembered session in another browser window signs out: its refresh token is revoked.
    const other = await newPage(await page.context().storageState());
    await other.goto('/dashboard');
    await other.getByRole('button', { name: new RegExp(hrAdmin.fullName) }).click();
    await other.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    await other.waitForURL(/\/login/);

    // From here on: the open page itself (its bell's poll, or its notification stream ending with
    // the token) may meet the expiry before the reload does.
    const answers = recordApiAnswers(page);
    await waitPastExpiry(await accessTokenExpiry(page));
    await page.reload();
    await page.waitForURL(signInRedirectingTo('/dashboard'));
    await page.getByRole('button', { name: 'Đăng nhập' }).waitFor();
    expect(answers.filter((a) => a.path === REFRESH_PATH)).toEqual([
      { method: 'POST', path: REFRESH_PATH, status: 401 },
    ]);
  });
});
