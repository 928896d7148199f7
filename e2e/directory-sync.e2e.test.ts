import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDirectory, type TestDirectory } from '../packages/server/src/testing/ldap-server.ts';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { e2eAccounts, repoRoot } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();
const SCREENSHOTS = join(repoRoot, '.cache/screenshots');

// One real OpenLDAP for every portal of the run: each portal keeps its own users.
let directory: TestDirectory;
const id = Date.now().toString(36);
const person = {
  uid: `lan.${id}`,
  cn: `Nguyễn Thị Lan ${id}`,
  mail: `lan.${id}@example.vn`,
  userPassword: 'Mật-khẩu-Thư-mục#1',
};

beforeAll(async () => {
  directory = await startTestDirectory();
  await directory.addPeople([person, { uid: 'x', cn: 'Tên quá ngắn' }]);
}, 60_000);
afterAll(() => directory?.stop());

describe.each(portals)('users from the organisation’s directory on $engine', ({ engine, baseUrl }) => {
  const tab = pagePerTest(baseUrl);

  it('an administrator connects the directory, tests it and syncs; the person then signs in with the directory password', async () => {
    const { page } = tab;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await signIn(page, e2eAccounts.hrAdmin);
    await page.goto('/setting/user');
    await page.getByRole('button', { name: 'Đồng bộ thư mục (LDAP)' }).click();
    await page.waitForURL(/\/setting\/user\/directory$/);
    const form = page.getByRole('form', { name: 'Đồng bộ người dùng từ thư mục (LDAP)' });
    await form.waitFor();

    await form.getByRole('checkbox', { name: 'Bật đồng bộ và đăng nhập bằng thư mục' }).check();
    await form.getByRole('textbox', { name: /^Địa chỉ máy chủ/ }).fill(directory.url);
    await form.getByRole('textbox', { name: /^Tài khoản kết nối/ }).fill(directory.adminDn);
    await form.getByLabel('Mật khẩu kết nối').fill(directory.adminPassword);
    await form.getByRole('textbox', { name: /^Nhánh tìm kiếm/ }).fill(`ou=people,${directory.baseDn}`);
    await form.getByRole('button', { name: 'Lưu cấu hình' }).click();
    await form.getByText('Đã lưu; để trống để giữ nguyên').waitFor();

    await form.getByRole('button', { name: 'Kiểm tra kết nối' }).click();
    await form.getByText(/Đọc được 2 người/).waitFor();
    expect(await form.getByText(person.cn).count()).toBeGreaterThan(0);

    await form.getByRole('button', { name: 'Đồng bộ ngay' }).click();
    const skipped = form.getByRole('list', { name: 'Những người bị bỏ qua' });
    await skipped.waitFor();
    expect(await skipped.textContent()).toContain('uid=x,ou=people');
    expect(await form.textContent()).toContain('thêm mới 1');
    // axe judges the page, not the success toast fading in or out (3 s, core §9)
    await page.waitForFunction(() => !document.querySelector('[id^="hcm-toast-toast-title"]'));
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({
      path: join(SCREENSHOTS, `directory-sync-desktop-${engine}.png`),
      fullPage: true,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SCREENSHOTS, `directory-sync-phone-${engine}.png`), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The person now has an account of the tenant and signs in with the directory's password.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto('/login');
    await signIn(page, { username: person.uid, password: person.userPassword, fullName: person.cn });
  });
});
