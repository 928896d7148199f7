import { afterAll, afterEach, beforeAll, beforeEach, describe, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './support/browser.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';

const portals = inject('portals');

/** Core §1: the network going away and coming back is announced by toasts. */
describe.each(portals)('network status toasts on $engine', ({ baseUrl }) => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({ baseURL: baseUrl, locale: 'vi-VN' });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  it('tells the signed-in user when the network is lost and when it is back', async () => {
    await signIn(page, e2eAccounts.hrAdmin);
    // A page that has finished loading, as the user's would be when the network drops.
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await page.locator('.fui-Toast', { hasText: 'Mất kết nối mạng' }).waitFor();
    await context.setOffline(false);
    await page.locator('.fui-Toast', { hasText: 'Đã kết nối mạng trở lại.' }).waitFor();
  });

  it('tells a visitor on the sign-in page as well', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Đăng nhập' }).waitFor();
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await page.locator('.fui-Toast', { hasText: 'Mất kết nối mạng' }).waitFor();
    await context.setOffline(false);
    await page.locator('.fui-Toast', { hasText: 'Đã kết nối mạng trở lại.' }).waitFor();
  });
});
