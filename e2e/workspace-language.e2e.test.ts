import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pagePerTest } from './support/browser.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn, welcomeHeading } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();
const hrAdmin = e2eAccounts.hrAdmin;

/** A mark on the page's window: still there means the page was not loaded again. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { hcmSameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { hcmSameDocument?: boolean }).hcmSameDocument === true);

const switchToEnglish = async (page: Page) => {
  await page.getByRole('combobox', { name: 'Ngôn ngữ' }).click();
  await page.getByRole('option', { name: 'English' }).click();
};

describe.each(portals)('the signed-in workspace in English on $engine', ({ baseUrl }) => {
  const tab = pagePerTest(baseUrl);
  beforeEach(async () => {
    await signIn(tab.page, hrAdmin);
  });
  // The header's choice is saved to the profile and applies at the next sign-in: give the
  // suites after this one hradmin's Vietnamese back.
  // Wait for the save of Vietnamese itself: the header saves one choice after another, and an
  // English save still in flight answers first on a loaded machine; waiting for any save closed
  // the page before Vietnamese was sent, and every story after this one met an English hradmin.
  afterEach(async () => {
    const { page } = tab;
    const saved = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/iam/me/profile') &&
        r.request().method() === 'POST' &&
        (r.request().postDataJSON() as { language?: string } | null)?.language === 'vi' &&
        r.ok(),
    );
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Tiếng Việt' }).click();
    await saved;
  });

  it('re-renders the page in English without a reload, and keeps English after one', async () => {
    const { page } = tab;
    await markPage(page);
    await switchToEnglish(page);
    await welcomeHeading(page, hrAdmin, 'en').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('combobox', { name: 'Language' }).waitFor();
    await page.getByRole('button', { name: `Account of ${hrAdmin.fullName}` }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    expect(await page.getByText(`Xin chào, ${hrAdmin.fullName}!`).count()).toBe(0);

    await page.reload();
    await welcomeHeading(page, hrAdmin, 'en').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });

  it('saves the choice to the profile: the next sign-in speaks English from the Vietnamese sign-in page', async () => {
    const { page } = tab;
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/iam/me/profile') && r.request().method() === 'POST',
    );
    await switchToEnglish(page);
    expect((await saved).ok()).toBe(true);
    await page.getByRole('button', { name: `Account of ${hrAdmin.fullName}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Tiếng Việt' }).click();
    await page.getByLabel('Tên đăng nhập').fill(hrAdmin.username);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(hrAdmin.password);
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await welcomeHeading(page, hrAdmin, 'en').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });

  it('names the menu in English too', async () => {
    const { page } = tab;
    await page.getByRole('navigation', { name: 'Menu chính' }).waitFor();
    await markPage(page);
    await switchToEnglish(page);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.waitFor();
    await menu.getByRole('link', { name: 'Dashboard' }).waitFor();
    // The groups of the installed apps (the administration app serves Administration and System).
    await menu.getByRole('button', { name: 'Administration' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Menu chính' }).count()).toBe(0);
    expect(await sameDocument(page)).toBe(true);
  });
});
