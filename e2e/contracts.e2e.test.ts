import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { postAsPage as post } from './support/page-api.ts';
import { signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();

// The embedded default runs the same screens in hr-story.e2e (the whole story, PGlite): this file
// runs them on PostgreSQL.
describe.each(portals)('labour contracts, through the built portal on $engine', ({ baseUrl }) => {
  const tab = pagePerTest(baseUrl);

  it('signs a contract from the employee’s page: the employee chosen, the term from the type, in force', async () => {
    const { page } = tab;
    await signIn(page, e2eAccounts.hrAdmin);
    const stamp = Date.now().toString(36).toUpperCase();
    const unitId = await post(page, '/api/om/organization-units', {
      code: `HD${stamp}`,
      name: `Phòng Hành chính ${stamp}`,
      typeCode: 'PHONG',
    });
    const fullName = `Phạm Minh Châu ${stamp}`;
    const workerId = await post(page, '/api/om/workers', {
      code: `NV${stamp}`,
      fullName,
      gender: 'FEMALE',
      organizationUnitId: unitId,
    });
    await post(page, '/api/om/contract-types', {
      code: `T12${stamp}`,
      name: `Xác định thời hạn 12 tháng ${stamp}`,
      salaryRate: '100',
      termMonths: 12,
    });

    await page.goto(`/om/employee/${workerId}/detail`);
    await page.getByRole('heading', { level: 1, name: `Nhân viên: ${fullName}` }).waitFor();
    await page.getByRole('button', { name: 'Tạo hợp đồng' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thêm mới hợp đồng' }).waitFor();
    // the employee is already chosen, shown by code and name
    const employee = page.getByRole('combobox', { name: 'Nhân viên', exact: true });
    await expect.poll(() => employee.inputValue()).toBe(fullName);

    const number = page.getByLabel(/^Số hợp đồng\s*\*?$/);
    // a backslash is refused beside the field before anything is sent
    await number.fill(`01\\${stamp}`);
    await number.blur();
    await expect.poll(() => number.getAttribute('aria-invalid')).toBe('true');
    await number.fill(`01/${stamp}/HĐLĐ`);
    const type = page.getByRole('combobox', { name: 'Loại hợp đồng', exact: true });
    await type.click();
    await type.fill(stamp);
    await page.getByRole('option', { name: `Xác định thời hạn 12 tháng ${stamp} T12${stamp}` }).click();
    await page.getByLabel(/^Ngày ký/).fill('20/02/2026');
    await page.getByLabel(/^Ngày hiệu lực/).fill('01/03/2026');
    await page.getByLabel(/^Mức lương/).fill('15000000');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Hợp đồng: 01/${stamp}/HĐLĐ` }).waitFor();
    // 12 months from 1 March 2026 end on 28 February 2027; it is in force today (23/11/2026 on)
    for (const shown of ['28/02/2027', '15.000.000', fullName])
      await page.getByText(shown, { exact: true }).first().waitFor();
    expect(await page.getByText(/^(Còn hiệu lực|Hết hạn)$/).count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The list finds it by the employee picked in its filter.
    await page.getByRole('button', { name: 'Quay lại danh sách' }).click();
    const filter = page.getByRole('combobox', { name: 'Nhân viên', exact: true });
    await filter.click();
    await filter.fill(stamp);
    await page.getByRole('option', { name: `${fullName} NV${stamp}` }).click();
    await expect.poll(() => decodeURIComponent(page.url())).toMatch(/"workerId":"[0-9a-f-]{36}"/);
    await page
      .getByRole('row')
      .filter({ hasText: `01/${stamp}/HĐLĐ` })
      .waitFor();
    // the header and the one contract, once the filtered answer replaced the whole list (other
    // stories add contracts to the same portal)
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The employee's page leads to the same list, filtered to them.
    await page.goto(`/om/employee/${workerId}/detail`);
    await page.getByRole('button', { name: 'Hợp đồng của nhân viên' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hợp đồng' }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: `01/${stamp}/HĐLĐ` })
      .waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
  });
});
