import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { SessionKeys, signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();

/** Adds departments through the API with the signed-in page's own token; answers their codes. */
async function addUnits(
  page: Page,
  stamp: string,
  count: number,
): Promise<{ name: string; option: string }[]> {
  const answers = await page.evaluate(
    async ({ key, stamp, count }) => {
      const raw = localStorage.getItem(key) ?? sessionStorage.getItem(key) ?? '{}';
      const { accessToken } = JSON.parse(raw) as { accessToken: string };
      const statuses: number[] = [];
      for (let n = 1; n <= count; n++) {
        const res = await fetch('/api/om/organization-units', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
          body: JSON.stringify({ code: `U${stamp}${n}`, name: `Phòng thử ${stamp} ${n}`, typeCode: 'PHONG' }),
        });
        statuses.push(res.status);
      }
      return statuses;
    },
    { key: SessionKeys.tokens, stamp, count },
  );
  expect(answers).toEqual(Array.from({ length: count }, () => 200));
  // a picker's option reads the name, then the code; the record shows the name alone
  return Array.from({ length: count }, (_, i) => ({
    name: `Phòng thử ${stamp} ${i + 1}`,
    option: `Phòng thử ${stamp} ${i + 1} U${stamp}${i + 1}`,
  }));
}

describe.each(portals)('the units a position leads, through the built portal on $engine', ({ baseUrl }) => {
  const tab = pagePerTest(baseUrl);

  it('are chosen on the position form by searching, saved, and shown by name on the detail and list pages', async () => {
    const { page } = tab;
    await signIn(page, e2eAccounts.hrAdmin);
    const stamp = Date.now().toString(36).toUpperCase();
    const [first, second] = await addUnits(page, stamp, 2);
    await page.goto('/setting/position');
    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await page.waitForURL('**/setting/position/create');
    await page.getByLabel('Mã').fill(`CV${stamp}`);
    await page.getByRole('textbox', { name: 'Tên', exact: true }).fill(`Chức vụ ${stamp}`);
    const direct = page.getByRole('combobox', { name: 'Đơn vị quản lý trực tiếp' });
    await direct.click();
    await direct.fill(`${stamp} 1`);
    await page.getByRole('option', { name: first?.option }).click();
    const joint = page.getByRole('combobox', { name: 'Đơn vị kiêm nhiệm' });
    await joint.click();
    await joint.fill(`${stamp} 2`);
    await page.getByRole('option', { name: second?.option }).click();
    await page.keyboard.press('Escape');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Chức vụ: Chức vụ ${stamp}` }).waitFor();
    await page.getByText(first?.name ?? '').waitFor();
    await page.getByText(second?.name ?? '').waitFor();

    await page.getByRole('button', { name: 'Quay lại danh sách' }).click();
    await page.getByPlaceholder('Nhập từ khóa để tìm kiếm').fill(`CV${stamp}`);
    await page.getByPlaceholder('Nhập từ khóa để tìm kiếm').press('Enter');
    await page.getByRole('row').filter({ hasText: first?.name }).filter({ hasText: second?.name }).waitFor();
  });
});
