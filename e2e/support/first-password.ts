import type { Page } from 'playwright-core';
import { welcomeHeading, type Account } from './portal-page.ts';

/**
 * Signs in with a password someone else set (an administrator's, a generated or printed one):
 * the portal keeps the user on its change page until they choose their own, then shows the
 * dashboard. Returns the account with its new password.
 */
export async function signInChoosingOwnPassword(page: Page, account: Account, own: string): Promise<Account> {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByLabel('Tên đăng nhập').fill(account.username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await page.waitForURL(/\/change-password/);
  return chooseOwnPassword(page, account, own);
}

/** On the change page: the password given, the own one twice; then the dashboard. */
export async function chooseOwnPassword(page: Page, account: Account, own: string): Promise<Account> {
  await page.getByRole('heading', { level: 1, name: 'Đổi mật khẩu' }).waitFor();
  await page.getByLabel(/^Mật khẩu hiện tại/).fill(account.password);
  await page.getByLabel(/^Mật khẩu mới/).fill(own);
  await page.getByLabel(/^Nhập lại mật khẩu mới/).fill(own);
  await page.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await page.waitForURL(/\/dashboard$/);
  await welcomeHeading(page, account, 'vi').waitFor();
  return { ...account, password: own };
}
