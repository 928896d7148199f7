import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { postAsPage as post } from './support/page-api.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();

// The embedded default runs the same screens in hr-story.e2e (the whole story, PGlite): this file
// runs them on PostgreSQL.
describe.each(portals)('personnel decisions, through the built portal on $engine', ({ baseUrl }) => {
  const tab = pagePerTest(baseUrl);

  it('writes an appointment from the employee’s page, keeps where they were, and shows it in their history', async () => {
    const { page } = tab;
    await signIn(page, e2eAccounts.hrAdmin);
    const stamp = Date.now().toString(36).toUpperCase();
    const unit = (code: string, name: string) =>
      post(page, '/api/om/organization-units', { code: `${code}${stamp}`, name, typeCode: 'PHONG' });
    const salesId = await unit('KD', `Phòng Kinh doanh ${stamp}`);
    await unit('NS', `Phòng Nhân sự ${stamp}`);
    await post(page, '/api/om/positions', { code: `TP${stamp}`, name: `Trưởng phòng ${stamp}` });
    const fullName = `Lê Thu Hà ${stamp}`;
    const workerId = await post(page, '/api/om/workers', {
      code: `NV${stamp}`,
      fullName,
      gender: 'FEMALE',
      organizationUnitId: salesId,
    });
    const typeId = await post(page, '/api/om/contract-types', {
      code: `KX${stamp}`,
      name: `Không xác định thời hạn ${stamp}`,
      salaryRate: '100',
    });
    await post(page, '/api/om/contracts', {
      number: `01/${stamp}/HĐLĐ`,
      workerId,
      contractTypeId: typeId,
      signingDate: '2025-12-20',
      effectiveDate: '2026-01-01',
      salary: '12000000',
    });

    await page.goto(`/om/employee/${workerId}/detail`);
    await page.getByRole('heading', { level: 1, name: `Nhân viên: ${fullName}` }).waitFor();
    await page.getByRole('button', { name: 'Quyết định mới' }).click();
    await page.getByRole('menuitem', { name: 'Điều động, bổ nhiệm' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thêm mới quyết định điều động, bổ nhiệm' }).waitFor();
    const employee = page.getByRole('combobox', { name: 'Nhân viên', exact: true });
    await expect.poll(() => employee.inputValue()).toBe(fullName);

    await page.getByLabel(/^Số quyết định\s*\*?$/).fill(`12/${stamp}/QĐ-BN`);
    await page.getByLabel(/^Ngày hiệu lực/).fill('01/12/2026');
    await page.getByRole('combobox', { name: 'Hình thức', exact: true }).click();
    await page.getByRole('option', { name: 'Bổ nhiệm' }).click();
    const pick = async (field: string, typed: string, option: string) => {
      const box = page.getByRole('combobox', { name: field, exact: true });
      await box.click();
      await box.fill(typed);
      await page.getByRole('option', { name: option }).click();
    };
    await pick('Đến đơn vị', `NS${stamp}`, `Phòng Nhân sự ${stamp} NS${stamp}`);
    await pick('Chức vụ mới', `TP${stamp}`, `Trưởng phòng ${stamp} TP${stamp}`);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page
      .getByRole('heading', { level: 1, name: `Quyết định điều động, bổ nhiệm: 12/${stamp}/QĐ-BN` })
      .waitFor();
    // where she was is kept by the server, and nothing is applied before approval
    await page.locator('[data-field="fromUnitId"]', { hasText: `Phòng Kinh doanh ${stamp}` }).waitFor();
    await page.locator('[data-field="approvalStatus"]', { hasText: 'Mới tạo' }).waitFor();
    expect(await page.locator('[data-field="appliedAt"]').innerText()).toBe('—');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Her page: still in Sales (not approved), and the history tells the contract then the decision.
    await page.goto(`/om/employee/${workerId}/detail`);
    await page
      .locator('[data-field="organizationUnitId"]', { hasText: `Phòng Kinh doanh ${stamp}` })
      .waitFor();
    const history = page.getByRole('region', { name: 'Quá trình hợp đồng và quyết định' });
    const items = history.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.nth(0).innerText()).toContain(`01/${stamp}/HĐLĐ`);
    const appointment = await items.nth(1).innerText();
    expect(appointment).toContain('01/12/2026');
    expect(appointment).toContain(
      `Bổ nhiệm · Phòng Kinh doanh ${stamp} → Phòng Nhân sự ${stamp} · Trưởng phòng ${stamp}`,
    );
    // its status badge is drawn once the list kit has loaded
    await items.nth(1).getByText('Mới tạo').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // The decision's number leads to its page.
    await history.getByRole('link', { name: `12/${stamp}/QĐ-BN` }).click();
    await page
      .getByRole('heading', { level: 1, name: `Quyết định điều động, bổ nhiệm: 12/${stamp}/QĐ-BN` })
      .waitFor();
  });
});
