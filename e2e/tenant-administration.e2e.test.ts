import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signInChoosingOwnPassword } from './support/first-password.ts';
import { signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();

describe.each(portals)('a tenant created in the browser on $engine', ({ baseUrl }) => {
  const tab = pagePerTest(baseUrl);

  it('root creates a tenant with its administrator, who signs in with the password handed over, makes a role and a user, and that user sees exactly the menu the role allows', async () => {
    const { page } = tab;
    await signIn(page, e2eAccounts.root);
    const id = Date.now().toString(36).toUpperCase();
    const admin = { username: `qtv_${id.toLowerCase()}`, fullName: `Quản Trị ${id}` };

    await page.goto('/system/tenant');
    await page.getByRole('heading', { level: 1, name: 'Đơn vị thuê bao' }).waitFor();
    await page.getByRole('button', { name: 'Tạo đơn vị thuê bao kèm quản trị viên' }).click();
    await page.waitForURL('**/system/tenant/create-with-admin');
    const form = page.getByRole('article', { name: 'Tạo đơn vị thuê bao kèm quản trị viên' });
    await form.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await form.getByRole('textbox', { name: /^Mã\s*\*?$/ }).fill(`E2E_${id}`);
    await form.getByRole('textbox', { name: /^Tên\s*\*?$/ }).fill(`Công ty Kiểm Thử ${id}`);
    await form.getByRole('textbox', { name: /Mã số thuế/ }).fill(`0${String(Date.now()).slice(-9)}`);
    await form.getByRole('textbox', { name: /Tên đăng nhập/ }).fill(admin.username);
    await form.getByRole('textbox', { name: /Họ và tên/ }).fill(admin.fullName);
    await form.getByRole('combobox', { name: 'Cách bàn giao mật khẩu' }).click();
    await page.getByRole('option', { name: 'Mật khẩu sinh ngẫu nhiên (hiện một lần)' }).click();
    await form.getByRole('combobox', { name: 'Gói dịch vụ' }).click();
    await page.getByRole('option', { name: /^FULL/ }).click();
    await form.getByRole('button', { name: 'Tạo', exact: true }).click();

    const secret = form.getByRole('textbox', { name: 'Mật khẩu' });
    await secret.waitFor();
    const password = await secret.inputValue();
    expect(password).toMatch(/^\S{20}$/);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Signed out, the new administrator signs in with what was handed over, and must replace it.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto('/login');
    await signInChoosingOwnPassword(page, { ...admin, password }, 'Quản-Trị-Riêng#1');

    // The administrator makes a role that may see job titles and religions, and a user holding it.
    await page.goto('/setting/role');
    await page.getByRole('button', { name: 'Thêm mới vai trò' }).click();
    const roleForm = page.getByRole('region', { name: 'Thêm mới vai trò' });
    await roleForm.getByRole('textbox', { name: /^Mã vai trò/ }).fill('XEM_DANH_MUC');
    await roleForm.getByRole('textbox', { name: /^Tên vai trò/ }).fill('Xem danh mục');
    await roleForm.getByRole('button', { name: 'Lưu', exact: true }).click();
    const matrix = page.getByRole('table', { name: 'Ma trận phân quyền' });
    await matrix.waitFor();
    for (const cell of ['Chức danh: Xem', 'Tôn giáo: Xem'])
      await matrix.getByRole('checkbox', { name: cell }).check();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Lưu phân quyền' }).click();
    await page.getByText('Đã lưu phân quyền', { exact: false }).first().waitFor();

    const clerk = { username: `nv_${id.toLowerCase()}`, fullName: `Nhân Viên ${id}` };
    await page.goto('/setting/user');
    await page.getByRole('button', { name: 'Thêm mới người dùng' }).click();
    const userForm = page.getByRole('region', { name: 'Thêm mới người dùng' });
    await userForm.getByRole('textbox', { name: /^Tên đăng nhập/ }).fill(clerk.username);
    await userForm.getByRole('textbox', { name: /^Họ và tên/ }).fill(clerk.fullName);
    await userForm.getByRole('combobox', { name: 'Vai trò' }).click();
    await page.getByText('Xem danh mục (XEM_DANH_MUC)', { exact: true }).click();
    await page.keyboard.press('Escape');
    await userForm.getByRole('button', { name: 'Lưu', exact: true }).click();
    const clerkSecret = userForm.getByRole('textbox', { name: 'Mật khẩu' });
    await clerkSecret.waitFor();
    const clerkPassword = await clerkSecret.inputValue();

    // That user sees the dashboard and exactly the two entries the role allows.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto('/login');
    await signInChoosingOwnPassword(page, { ...clerk, password: clerkPassword }, 'Nhân-Viên-Riêng#1');
    const menu = page.getByRole('navigation', { name: 'Menu chính' });
    const closed = menu.locator('button[aria-expanded="false"]');
    while ((await closed.count()) > 0) await closed.first().click();
    const paths = await menu
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    // and, as every user of a tenant, their own notifications, their own check-in and month
    expect(paths.sort()).toEqual([
      '/dashboard',
      '/notification/notification-me',
      '/setting/job-titles',
      '/setting/religion',
      '/tm/check-in',
      '/tm/my-timekeeping',
    ]);
  });
});
