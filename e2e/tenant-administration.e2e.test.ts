import { describe, expect, inject, it } from 'vitest';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';

const portals = inject('portals');

describe.each(portals)('a tenant created in the browser on $engine', ({ baseUrl }) => {
  const tab = pagePerTest(baseUrl);

  it('root creates a tenant with its administrator, who signs in with the password handed over', async () => {
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

    // Signed out, the new administrator signs in with what was handed over.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto('/login');
    await signIn(page, { ...admin, password });
  });
});
