import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { postAsPage, postDataAsPage } from './support/page-api.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();

/**
 * Notification › form and each user's inbox (issue 12), through the built portal: HR composes a
 * notification for one unit in the form, sends it after confirming; an employee of that unit
 * finds it unread in "My notifications", opens it (marked read, its link followed), and an
 * employee of another unit never gets it.
 */
describe.each(portals)('notifications HR sends, through the built portal on $engine', ({ baseUrl }) => {
  const tab = pagePerTest(baseUrl);

  it('composes, sends to a unit, and the unit’s employee reads it in their inbox', async () => {
    const { page } = tab;
    await signIn(page, e2eAccounts.hrAdmin);
    const stamp = Date.now().toString(36).toUpperCase();
    const unitName = `Phòng Hành chính ${stamp}`;
    const unitId = await postAsPage(page, '/api/om/organization-units', {
      code: `HC${stamp}`,
      name: unitName,
      typeCode: 'PHONG',
    });
    const employee = {
      username: `nv_${stamp.toLowerCase()}`,
      password: 'Nv-Pass#2026',
      fullName: `Đỗ Thị Hoa ${stamp}`,
    };
    const workerId = await postAsPage(page, '/api/om/workers', {
      code: `NV${stamp}`,
      fullName: employee.fullName,
      gender: 'FEMALE',
      organizationUnitId: unitId,
    });
    const created = await postDataAsPage<{ user: { id: string } }>(page, '/api/iam/users', {
      username: employee.username,
      fullName: employee.fullName,
      roleIds: [],
      password: employee.password,
      passwordChangeRequired: false,
    });
    await postDataAsPage(page, `/api/om/workers/${workerId}/update`, { version: 1, userId: created.user.id });

    // the employee is at work in another browser, the portal open, nothing unread
    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    const theirs = await browser.newContext({ baseURL: baseUrl, locale: 'vi-VN' });
    const employeePage = await theirs.newPage();
    await signIn(employeePage, employee);
    await employeePage.getByRole('button', { name: /^Thông báo(, 0 chưa đọc)?$/ }).waitFor();

    // HR composes in the form
    await page.goto('/notification/form/create');
    const title = `Lịch tiêm phòng cúm ${stamp}`;
    await page.getByRole('textbox', { name: /^Tiêu đề/ }).fill(title);
    await page
      .getByRole('textbox', { name: /^Nội dung/ })
      .fill('Tiêm tại phòng y tế tầng 2.\nMang theo thẻ nhân viên.');
    await page.getByRole('textbox', { name: /^Liên kết đính kèm/ }).fill('/setting/my-profile');
    const recipients = page.getByRole('group', { name: 'Người nhận' });
    await recipients.getByRole('button', { name: 'Thêm dòng' }).click();
    await recipients.getByRole('combobox', { name: 'Đối tượng 1' }).click();
    await page.getByRole('option', { name: 'Đơn vị' }).click();
    const picker = recipients.getByRole('combobox', { name: 'Chọn 1' });
    await picker.click();
    await picker.fill(stamp);
    await page.getByRole('option', { name: new RegExp(unitName) }).click();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();

    // the draft's page: send after confirming
    await page.getByRole('heading', { level: 1, name: new RegExp(title) }).waitFor();
    await page.getByRole('button', { name: 'Gửi ngay' }).click();
    const dialog = page.getByRole('alertdialog');
    const sentFrom = Date.now();
    await dialog.getByRole('button', { name: 'Đồng ý' }).click();
    // pushed to the employee's open page: well before the bell's next 20 s poll could count it
    await employeePage.getByRole('button', { name: 'Thông báo, 1 chưa đọc' }).waitFor({ timeout: 5000 });
    console.info(
      `the sent notification rang the employee's bell ${Date.now() - sentFrom} ms after HR confirmed`,
    );
    await page.locator('[data-field="sendStatus"]', { hasText: 'Đã gửi' }).waitFor();
    await page.locator('[data-field="recipientCount"]', { hasText: '1' }).waitFor();
    expect(await page.getByRole('button', { name: 'Gửi ngay' }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    // the list shows it sent
    await page.goto('/notification/form');
    await page
      .getByRole('row', { name: new RegExp(title) })
      .getByText('Đã gửi')
      .waitFor();

    // the employee: unread in the inbox, read once opened, the link followed
    await theirs.close();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await signIn(page, employee);
    await page.goto('/notification/notification-me');
    const link = page.getByRole('link', { name: new RegExp(`^${title}\\s*, Chưa đọc$`) });
    await link.waitFor();
    await page.getByRole('button', { name: /^Thông báo, 1 chưa đọc$/ }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await link.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('Mang theo thẻ nhân viên.').waitFor();
    await page.getByRole('button', { name: /^Thông báo(, 0 chưa đọc)?$/ }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Mở liên kết' }).click();
    // a page of the portal: followed in this tab, by the shell's router
    await expect.poll(() => new URL(page.url()).pathname).toBe('/setting/my-profile');

    // the unread filter no longer lists it
    await page.goto('/notification/notification-me?filter=unread');
    await page.getByText('Bạn không có thông báo chưa đọc.').waitFor();
  });
});
