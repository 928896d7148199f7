import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { chooseOwnPassword } from './support/first-password.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();

describe.each(portals)('a password set by an administrator on $engine', ({ baseUrl }) => {
  const tab = pagePerTest(baseUrl);

  it('the user it was set for must choose their own at first sign-in, then sees the dashboard, and signs in with it next time', async () => {
    const { page } = tab;
    await signIn(page, e2eAccounts.hrAdmin);
    const id = Date.now().toString(36);
    const clerk = { username: `mk_${id}`, fullName: `Nhân Viên Mới ${id}`, password: 'Quản-trị-Đặt#1' };

    await page.goto('/setting/user');
    await page.getByRole('button', { name: 'Thêm mới người dùng' }).click();
    const userForm = page.getByRole('region', { name: 'Thêm mới người dùng' });
    await userForm.getByRole('textbox', { name: /^Tên đăng nhập/ }).fill(clerk.username);
    await userForm.getByRole('textbox', { name: /^Họ và tên/ }).fill(clerk.fullName);
    await userForm.getByRole('checkbox', { name: 'Tạo mật khẩu ngẫu nhiên (hiển thị một lần)' }).uncheck();
    await userForm.getByLabel(/^Mật khẩu/).fill(clerk.password);
    const mustChange = userForm.getByRole('checkbox', {
      name: 'Bắt buộc người dùng đổi mật khẩu khi đăng nhập lần đầu',
    });
    expect(await mustChange.isChecked()).toBe(true);
    await userForm.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: clerk.fullName }).waitFor();

    // Signed out, the new user signs in with what the administrator typed: a typed address
    // leads to the change page too, which has no menu.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto('/login?redirect=/setting/my-profile');
    await page.getByLabel('Tên đăng nhập').fill(clerk.username);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(clerk.password);
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await page.waitForURL('**/change-password?redirect=/setting/my-profile');
    await page.getByRole('heading', { level: 1, name: 'Đổi mật khẩu' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Menu chính' }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.goto('/dashboard');
    await page.waitForURL(/\/change-password$/);

    const own = await chooseOwnPassword(page, clerk, 'Của-Riêng-Tôi#42');

    // Next time the own password goes straight to the dashboard.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto('/login');
    await signIn(page, own);
  });
});
