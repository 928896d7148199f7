import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { waitForQuiet, watchRequests } from './support/quiet.ts';
import { launchChromium } from './support/browser.ts';
import { e2eAccounts, startPortalOnTestClock } from './support/portal-process.ts';
import { createScratchDatabase } from './support/postgres.ts';
import { pickEngines } from './support/engines.ts';
import {
  accessTokenExpiry,
  recordToasts,
  signIn,
  signInRedirectingTo,
  toastsSeen,
  welcomeHeading,
} from './support/portal-page.ts';

const hrAdmin = e2eAccounts.hrAdmin;
const DAY_MS = 86_400_000;
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

// Portals of this file's own, whose clock the stories move (the default 15-minute access tokens).
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
  let portal: Awaited<ReturnType<typeof startPortalOnTestClock>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const newPage = async (storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) => {
    const context = await browser.newContext({ baseURL: portal.baseUrl, locale: 'vi-VN', storageState });
    contexts.push(context);
    // the page's clock, moved with the portal's below
    await context.clock.install();
    const page = await context.newPage();
    await recordToasts(page);
    return page;
  };
  /**
   * The user comes back `ms` later: the portal's clock and the page's move on together. The
   * page's by setSystemTime, which fires none of its timers at the jump: its bell's poll coming
   * round would meet the expiry too, racing the reload that the stories then make.
   */
  const later = async (page: Page, ms: number) => {
    portal.clock.advance(ms);
    await page.context().clock.setSystemTime((await page.evaluate(() => Date.now())) + ms);
  };
  /**
   * Signs in and waits until the dashboard's calls have all been answered: a call still in flight
   * when the stories move the portal's clock would meet the expiry before the reload, and the
   * reload would cancel the refresh it started (CI once saw two refreshes where one was expected).
   */
  const signInAndSettle = async (page: Page, options: { rememberMe?: boolean } = {}) => {
    const requests = watchRequests(page);
    await signIn(page, hrAdmin, options);
    await requests.quiet();
  };
  /** `later`, to a second past the access token's expiry on the portal's clock */
  const pastExpiry = async (page: Page) =>
    later(page, (await accessTokenExpiry(page)) * 1000 + 1000 - portal.clock.now());

  beforeAll(async () => {
    portal = await startPortalOnTestClock({ databaseUrl });
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
    // From the sign-in on: a call of the page itself (its bell's poll) may meet the expiry first.
    const answers = recordApiAnswers(page);
    await signInAndSettle(page);
    const signedIn = answers.length;
    await pastExpiry(page);

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
    // One refresh serves every refused call of the reloaded page. The bell's poll (every 20 s, on
    // the page's own clock) may still meet the expiry just before the reload; its refresh, then
    // cancelled by the reload, is answered too, and the reloaded page's refresh is then the
    // grace of services/iam/session/refresh-grace.test.ts: no refresh is refused.
    const refreshes = session.filter((a) => a.path === REFRESH_PATH);
    expect(refreshes.length, seen).toBeGreaterThan(0);
    expect(
      refreshes.filter((a) => a.status !== 200),
      seen,
    ).toEqual([]);
    expect(
      answers.slice(reloaded).filter((a) => a.path === REFRESH_PATH),
      seen,
    ).toHaveLength(1);
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
    await signInAndSettle(page, { rememberMe: true });
    // The same remembered session in another browser window signs out: its refresh token is revoked.
    const other = await newPage(await page.context().storageState());
    await other.goto('/dashboard');
    await other.getByRole('button', { name: new RegExp(hrAdmin.fullName) }).click();
    await other.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    await other.waitForURL(/\/login/);

    // From here on: the open page itself (its bell's poll) may meet the ended session first.
    const answers = recordApiAnswers(page);
    await pastExpiry(page);
    await page.reload();
    await page.waitForURL(signInRedirectingTo('/dashboard'));
    await page.getByRole('button', { name: 'Đăng nhập' }).waitFor();
    expect(answers.filter((a) => a.path === REFRESH_PATH)).toEqual([
      { method: 'POST', path: REFRESH_PATH, status: 401 },
    ]);
  });

  it('ends a sign-in a day old: the refresh is refused, back to sign-in, asked to return to the page', async () => {
    const page = await newPage();
    await signInAndSettle(page, { rememberMe: false });
    const answers = recordApiAnswers(page);
    // SESSION_MAX_SECONDS (a day): no refresh renews a sign-in without remember me past it
    await later(page, DAY_MS + 1000);
    await page.reload();
    await page.waitForURL(signInRedirectingTo('/dashboard'));
    await page.getByRole('button', { name: 'Đăng nhập' }).waitFor();
    // No refresh renewed the sign-in. Its refused refresh is usually the reloaded page's; but the
    // bell's poll (on the page's clock) can meet the ended session just before the reload, which
    // then cancels that refresh before its answer is seen (CI beside a CPU-bound process, once).
    // The server's refusal itself is proven by services/iam/session/token-clock.test.ts.
    const refreshes = answers.filter((a) => a.path === REFRESH_PATH);
    expect(refreshes.filter((a) => a.status !== 401)).toEqual([]);
    expect(refreshes.length).toBeLessThanOrEqual(1);
  });
});
