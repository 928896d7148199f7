import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accessibilityViolations } from './support/axe.ts';
import { launchChromium } from './support/browser.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { welcomeHeading } from './support/portal-page.ts';
import { watchRequests } from './support/quiet.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();

describe.each(portals)('sign-in and sign-out on $engine', ({ baseUrl }) => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const requested: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({ baseURL: baseUrl, locale: 'vi-VN' });
    page = await context.newPage();
    // Whatever the test does, the page must run under the server's Content-Security-Policy.
    await page.addInitScript(() => {
      const violations: string[] = [];
      Object.assign(window, { cspViolations: violations });
      document.addEventListener('securitypolicyviolation', (e) =>
        violations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    requested.length = 0;
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  });
  afterEach(async () => {
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations?: string[] }).cspViolations,
    );
    await context?.close();
    expect(violations ?? []).toEqual([]);
  });

  const signIn = async (username: string, password: string) => {
    await page.getByLabel('Tên đăng nhập').fill(username);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
  };

  it('sends a visitor to the Vietnamese sign-in page, loading React once through the import map', async () => {
    await page.goto('/');
    await page.waitForURL(/\/login/);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('vi');
    await page.getByRole('button', { name: 'Đăng nhập' }).waitFor();
    const reactFiles = requested.filter((p) => /^\/vendor\/react\.[0-9a-f]+\.js$/.test(p));
    expect(reactFiles).toHaveLength(1);
    const imports = (await (await fetch(`${baseUrl}/importmap.json`)).json()).imports as Record<
      string,
      string
    >;
    expect(Object.keys(imports).filter((k) => k === 'react')).toHaveLength(1);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('signs the HR administrator in to the dashboard with their full name, and out again', async () => {
    await page.goto('/login');
    // Watched from the sign-in on: the dashboard's calls start before its heading shows.
    const requests = watchRequests(page);
    await signIn(e2eAccounts.hrAdmin.username, e2eAccounts.hrAdmin.password);
    await page.waitForURL(/\/dashboard/);
    await welcomeHeading(page, e2eAccounts.hrAdmin, 'vi').waitFor();
    // The dashboard settled (its statistics and bell answered) before the menu opens: in two CI
    // runs the sign-out click went nowhere, on a dashboard whose statistics, begun before the
    // old quiet watch, still arrived; a person clicks on the page they see, not on one still
    // being built.
    await requests.quiet();

    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    // Open the user menu and choose "Đăng xuất" until the page leaves (a state, not a pause): on
    // a loaded CI machine the menu once closed under the click as the dashboard drew again, and
    // the click went nowhere; a person would open the menu and click again.
    const menu = page.getByRole('button', { name: new RegExp(e2eAccounts.hrAdmin.fullName) });
    const signOutItem = page.getByRole('menuitem', { name: 'Đăng xuất' });
    await expect
      .poll(
        async () => {
          const path = new URL(page.url()).pathname;
          if (path !== '/dashboard') return path;
          if (await signOutItem.isVisible())
            await signOutItem.click({ timeout: 5_000 }).catch(() => undefined);
          else await menu.click({ timeout: 5_000 }).catch(() => undefined);
          return new URL(page.url()).pathname;
        },
        { timeout: 30_000, message: `went through ${visited.join(' → ')}` },
      )
      .toBe('/login');
    // Signed out means signed out: the dashboard now sends us back to sign in.
    await page.goto('/dashboard');
    await page.waitForURL(/\/login\?redirect=/);
  });

  it('shows the error and stays on the sign-in page when the password is wrong', async () => {
    await page.goto('/login');
    await signIn(e2eAccounts.hrAdmin.username, 'Wrong-Password#1');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/\S/);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('solves the server’s proof-of-work challenge by itself once wrong passwords ask for it, then signs in', async () => {
    await page.goto('/login');
    // Three failures of the name from this address ask for it (fewer here when an earlier test
    // already failed once): the refusal says so with x-captcha-required.
    for (let asked = false, tries = 0; !asked && tries < 3; tries++) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/iam/authenticate'));
      await signIn(e2eAccounts.hrAdmin.username, 'Wrong-Password#1');
      asked = (await answered).headers()['x-captcha-required'] === 'true';
    }
    // Fetched and solved in the page, under the CSP, with nothing to type.
    await page.getByText('Đã xác minh trình duyệt.').waitFor({ timeout: 30_000 });
    expect(requested).toContain('/api/iam/public/captcha');
    // The page with its error and the verification notice, as the user sees it now.
    expect(await accessibilityViolations(page)).toEqual([]);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/iam/authenticate'));
    await signIn(e2eAccounts.hrAdmin.username, e2eAccounts.hrAdmin.password);
    expect((await sent).headers()['x-captcha']).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}:\d+$/);
    await page.waitForURL(/\/dashboard/);
  });

  it('switches the sign-in page to English and keeps the choice after a reload', async () => {
    await page.goto('/login');
    await page.getByRole('combobox', { name: 'Ngôn ngữ' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Username').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('signs the root system administrator in as well', async () => {
    await page.goto('/login');
    await signIn(e2eAccounts.root.username, e2eAccounts.root.password);
    await page.waitForURL(/\/dashboard/);
    await page.getByText(e2eAccounts.root.fullName).first().waitFor();
  });
});
