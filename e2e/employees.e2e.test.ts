import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { SessionKeys, signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();

/** Adds a department through the API with the signed-in page's own token; answers its picker text. */
async function addUnit(page: Page, stamp: string): Promise<{ name: string; option: string }> {
  const status = await page.evaluate(
    async ({ key, stamp }) => {
      const raw = localStorage.getItem(key) ?? sessionStorage.getItem(key) ?? '{}';
      const { accessToken } = JSON.parse(raw) as { accessToken: string };
      const res = await fetch('/api/om/organization-units', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ code: `NS${stamp}`, name: `Phòng Nhân sự ${stamp}`, typeCode: 'PHONG' }),
      });
      return res.status;
    },
    { key: SessionKeys.tokens, stamp },
  );
  expect(status).toBe(200);
  // a picker's option reads the name, then the code; the record shows the name alone
  return { name: `Phòng Nhân sự ${stamp}`, option: `Phòng Nhân sự ${stamp} NS${stamp}` };
}

/** Picks `option` in a searching picker after typing `search`. */
async function pick(page: Page, name: string, search: string, option: string) {
  const box = page.getByRole('combobox', { name, exact: true });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: option }).click();
}

describe.each(portals)('the employee records, through the built portal on $engine', ({ baseUrl }) => {
  const tab = pagePerTest(baseUrl);

  it('hires a worker with identity, address and education, shows the record, and finds it by unit', async () => {
    const { page } = tab;
    await signIn(page, e2eAccounts.hrAdmin);
    const stamp = Date.now().toString(36).toUpperCase();
    const unit = await addUnit(page, stamp);
    const fullName = `Nguyễn Thị Lan ${stamp}`;

    await page.goto('/om/employee');
    await page.getByRole('heading', { level: 1, name: 'Danh sách nhân viên' }).waitFor();
    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await page.waitForURL('**/om/employee/create');

    await page.getByLabel('Mã nhân viên').fill(`NV${stamp}`);
    await page.getByLabel(/^Họ và tên\s*\*?$/).fill(fullName);
    await page.getByRole('combobox', { name: 'Giới tính' }).click();
    await page.getByRole('option', { name: 'Nữ', exact: true }).click();
    await page.getByLabel('Ngày sinh', { exact: true }).fill('15/03/1990');
    await pick(page, 'Đơn vị', stamp, unit.option);
    await page.getByLabel('Ngày vào làm').fill('01/06/2020');
    await page.getByLabel('Địa chỉ thường trú').fill('12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội');
    await page.getByLabel('Số CCCD').fill('001190012345');
    await page.getByLabel('Ngày cấp CCCD').fill('10/05/2021');
    await page.getByLabel('Nơi cấp CCCD').fill('Cục Cảnh sát QLHC về TTXH');
    // A wrong insurance number is refused beside its field before anything is sent.
    const insurance = page.getByLabel('Số sổ BHXH');
    await insurance.fill('12345');
    await insurance.blur();
    await expect.poll(() => insurance.getAttribute('aria-invalid')).toBe('true');
    await insurance.fill('0123456789');

    const education = page.getByRole('group', { name: 'Trình độ học vấn' });
    await education.getByRole('button', { name: 'Thêm dòng' }).click();
    await education.getByLabel('Trình độ 1').fill('Đại học');
    await education.getByLabel('Nơi đào tạo 1').fill('Đại học Kinh tế Quốc dân');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Nhân viên: ${fullName}` }).waitFor();
    for (const shown of [unit.name, '001190012345', '0123456789', '15/03/1990', 'Đại học Kinh tế Quốc dân'])
      await page.getByText(shown, { exact: true }).first().waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // The list filters by the unit picked from the same searching picker as the form.
    await page.getByRole('button', { name: 'Quay lại danh sách' }).click();
    await pick(page, 'Đơn vị', stamp, unit.option);
    // the filter is kept in the address (history.replaceState: no load event to wait for)
    await expect.poll(() => decodeURIComponent(page.url())).toMatch(/"organizationUnitId":"[0-9a-f-]{36}"/);
    const row = page.getByRole('row').filter({ hasText: fullName });
    await row.waitFor();
    expect(await row.getByText(unit.name).count()).toBe(1);
    // the unfiltered list may show the new worker too: wait for the filter's own rows
    await expect.poll(() => page.getByRole('row').count()).toBe(2); // the header and the one worker
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('refuses a second worker with the same citizen identity, naming the field', async () => {
    const { page } = tab;
    await signIn(page, e2eAccounts.hrAdmin);
    const stamp = Date.now().toString(36).toUpperCase();
    const unit = await addUnit(page, stamp);
    const identity = `0${String(Date.now()).slice(-11)}`;
    for (const n of [1, 2]) {
      await page.goto('/om/employee/create');
      await page.getByLabel('Mã nhân viên').fill(`NV${stamp}${n}`);
      await page.getByLabel(/^Họ và tên\s*\*?$/).fill(`Trần Văn Bình ${stamp} ${n}`);
      await page.getByRole('combobox', { name: 'Giới tính' }).click();
      await page.getByRole('option', { name: 'Nam', exact: true }).click();
      await pick(page, 'Đơn vị', stamp, unit.option);
      await page.getByLabel('Số CCCD').fill(identity);
      await page.getByRole('button', { name: 'Lưu', exact: true }).click();
      if (n === 1) await page.getByRole('heading', { level: 1, name: /^Nhân viên: Trần Văn Bình/ }).waitFor();
    }
    // The second stays on the form, its entry kept, with the reason beside the field.
    const field = page.getByLabel('Số CCCD');
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.inputValue()).toBe(identity);
    expect(new URL(page.url()).pathname).toBe('/om/employee/create');
  });

  it('finds a colleague in the contacts by a name typed without accents, and narrows to their unit', async () => {
    const { page } = tab;
    await signIn(page, e2eAccounts.hrAdmin);
    const stamp = Date.now().toString(36).toUpperCase();
    await addUnit(page, stamp);
    await addUnit(page, `${stamp}B`);
    const statuses = await page.evaluate(
      async ({ key, stamp }) => {
        const raw = localStorage.getItem(key) ?? sessionStorage.getItem(key) ?? '{}';
        const { accessToken } = JSON.parse(raw) as { accessToken: string };
        const headers = { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` };
        const unitId = async (code: string) => {
          const res = await fetch(`/api/om/organization-units?code=${code}`, { headers });
          return ((await res.json()) as { data: { id: string }[] }).data[0]?.id;
        };
        const hire = async (code: string, fullName: string, unitCode: string) =>
          (
            await fetch('/api/om/workers', {
              method: 'POST',
              headers,
              body: JSON.stringify({
                code,
                fullName,
                gender: 'FEMALE',
                organizationUnitId: await unitId(unitCode),
                phone: '0987654321',
                email: `${code.toLowerCase()}@example.vn`,
              }),
            })
          ).status;
        return [
          await hire(`DB${stamp}1`, `Đoàn Thị Hường ${stamp}`, `NS${stamp}`),
          await hire(`DB${stamp}2`, `Vũ Minh ${stamp}`, `NS${stamp}`),
          await hire(`DB${stamp}3`, `Hồ Văn Nam ${stamp}`, `NS${stamp}B`),
        ];
      },
      { key: SessionKeys.tokens, stamp },
    );
    expect(statuses).toEqual([200, 200, 200]);

    await page.goto('/om/contacts');
    await page.getByRole('heading', { level: 1, name: 'Danh bạ' }).waitFor();
    const search = page.getByRole('searchbox', { name: 'Tìm đồng nghiệp' });
    const cards = page.getByRole('list', { name: 'Danh bạ' }).getByRole('listitem');
    await search.fill(`doan thi huong ${stamp.toLowerCase()}`);
    await expect
      .poll(() => cards.allInnerTexts())
      .toEqual([expect.stringContaining(`Đoàn Thị Hường ${stamp}`)]);
    await cards.getByRole('link', { name: `db${stamp.toLowerCase()}1@example.vn` }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // The unit on her card narrows the list to that unit's colleagues, whatever the keyword.
    await cards.getByRole('button', { name: `Xem đồng nghiệp của Phòng Nhân sự ${stamp}` }).click();
    await page.getByRole('button', { name: `Bỏ lọc theo đơn vị Phòng Nhân sự ${stamp}` }).waitFor();
    await search.fill(stamp.toLowerCase());
    await expect.poll(() => cards.count()).toBe(2);
    await page.getByText('1–2 trong tổng số 2 người').waitFor();
    await page.getByRole('button', { name: `Bỏ lọc theo đơn vị Phòng Nhân sự ${stamp}` }).click();
    await expect.poll(() => cards.count()).toBe(3);
  });
});
