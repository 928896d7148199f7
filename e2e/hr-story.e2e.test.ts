import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { docxOf, paragraphsOf } from '../packages/server/src/resources/testing/docx.ts';
import { accessibilityViolations } from './support/axe.ts';
import { approveThroughWorkflow } from './support/approval-walk.ts';
import { allowSelfApproval } from './support/four-eyes.ts';
import { pagePerTest } from './support/browser.ts';
import {
  addUnitUnder,
  CHART,
  fillUnitForm,
  findInChart,
  openChart,
  unitBox,
  type UnitEntry,
} from './support/organization-chart-page.ts';
import { getDataAsPage, postAsPage, uploadAsPage } from './support/page-api.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();
const STEP = 'Trưởng phòng nhân sự duyệt';

/**
 * Issue 11's whole story, one HR administrator in the built portal: builds the organisation in
 * the chart, hires an employee with her addresses and papers, signs her contract and has it
 * approved, prints it from a Word template, transfers her (the chart's head counts follow) and
 * lets her go, each decision through the approval workflow. The parts are proven one by one in
 * their own files; this one proves they hold together. It runs on the embedded default (the
 * engine `npm start` gives a newcomer); approvals.e2e runs the workflow on PostgreSQL too.
 */
describe.each(portals)('an HR administrator’s story, through the built portal on $engine', ({ baseUrl }) => {
  const tab = pagePerTest(baseUrl);

  it('builds the organisation, hires, signs and prints a contract, transfers and lets an employee go', async () => {
    const { page } = tab;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, e2eAccounts.hrAdmin);
    const stamp = Date.now().toString(36).toUpperCase();

    // What an administrator sets up once (Admin screens proven elsewhere): one approval
    // workflow for contracts and decisions, a contract type and a Word template.
    const me = await getDataAsPage<{ id: string }>(page, '/api/iam/me/profile');
    const workflow = `Duyệt hồ sơ nhân sự ${stamp}`;
    await postAsPage(page, '/api/system/workflow-templates', {
      code: `HS${stamp}`,
      name: workflow,
      workflowTemplateTypes: ['CONTRACT', 'DISPLACEMENT', 'RESIGNATION'],
      steps: [
        { name: STEP, assignmentType: 'USER', assignmentId: me.id, slaAmount: 1, slaUnit: 'WORKING_DAYS' },
      ],
    });
    // One HR administrator is the whole team here: the tenant waives four eyes, as a very small
    // team would (docs/approvals.md), so that they approve what they request.
    await allowSelfApproval(page);
    const contractType = `Không xác định thời hạn ${stamp}`;
    await postAsPage(page, '/api/om/contract-types', {
      code: `KX${stamp}`,
      name: contractType,
      salaryRate: '100',
    });
    const template = `Hợp đồng lao động ${stamp}`;
    await postAsPage(page, '/api/system/document-templates', {
      name: template,
      type: 'CONTRACT',
      file: await uploadAsPage(
        page,
        `${template}.docx`,
        docxOf([
          'HỢP ĐỒNG LAO ĐỘNG số {number}',
          'Người lao động: {worker.fullName}, sinh ngày {worker.dateOfBirth}',
          'Mức lương: {salary} đồng ({salary.inWords})',
        ]),
        'DOCUMENT_TEMPLATE',
      ),
    });

    // 1. The organisation: a company and two departments, built in the chart.
    const company: UnitEntry = { code: `CT${stamp}`, name: `Công ty Hòa Bình ${stamp}`, type: 'Công ty' };
    const sales: UnitEntry = { code: `KD${stamp}`, name: `Phòng Kinh doanh ${stamp}`, type: 'Phòng ban' };
    const finance: UnitEntry = { code: `TC${stamp}`, name: `Phòng Tài chính ${stamp}`, type: 'Phòng ban' };
    await openChart(page);
    await page.getByRole('button', { name: 'Danh sách' }).click();
    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await page.waitForURL((url) => url.pathname === `${CHART}/create`);
    await fillUnitForm(page, company);
    await addUnitUnder(page, company, sales);
    await addUnitUnder(page, company, finance);

    // 2. The employee, hired into Sales with her identity papers and permanent address.
    const fullName = `Đỗ Thị Mai ${stamp}`;
    await page.goto('/om/employee/create');
    await page.getByLabel('Mã nhân viên').fill(`NV${stamp}`);
    await page.getByLabel(/^Họ và tên\s*\*?$/).fill(fullName);
    await page.getByRole('combobox', { name: 'Giới tính' }).click();
    await page.getByRole('option', { name: 'Nữ', exact: true }).click();
    await page.getByLabel('Ngày sinh', { exact: true }).fill('08/03/1994');
    await pick(page, 'Đơn vị', sales.code, `${sales.name} ${sales.code}`);
    await page.getByLabel('Ngày vào làm').fill('02/01/2026');
    await page.getByLabel('Số CCCD').fill(`0011940${String(Date.now()).slice(-5)}`);
    await page.getByLabel('Ngày cấp CCCD').fill('20/04/2021');
    await page.getByLabel('Nơi cấp CCCD').fill('Cục Cảnh sát QLHC về TTXH');
    await page.getByLabel('Số sổ BHXH').fill(String(Date.now()).slice(-10));
    await pick(page, /^Tỉnh\/Thành phố \(thường trú\)/, 'ha noi', 'Thành phố Hà Nội');
    await pick(page, /^Phường\/Xã \(thường trú\)/, 'ba dinh', 'Phường Ba Đình');
    await page.getByRole('textbox', { name: /^Địa chỉ thường trú/ }).fill('25 Phan Đình Phùng');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Nhân viên: ${fullName}` }).waitFor();
    const workerUrl = new URL(page.url()).pathname;
    await expect.poll(() => field(page, 'permanentWardCode')).toBe('Phường Ba Đình');
    expect(await field(page, 'permanentProvinceCode')).toBe('Thành phố Hà Nội');

    // Sales counts her in the chart; Finance has nobody yet.
    await expectHeadCounts(page, { [sales.name]: 1, [finance.name]: 0, [company.name]: 1 });

    // 3. Her contract, written from her page, sent for approval and approved: then in force.
    await page.goto(workerUrl);
    await page.getByRole('button', { name: 'Tạo hợp đồng' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thêm mới hợp đồng' }).waitFor();
    const number = `01/${stamp}/HĐLĐ`;
    await page.getByLabel(/^Số hợp đồng\s*\*?$/).fill(number);
    await pick(page, 'Loại hợp đồng', stamp, `${contractType} KX${stamp}`);
    await page.getByLabel(/^Ngày ký/).fill('29/12/2025');
    await page.getByLabel(/^Ngày hiệu lực/).fill('02/01/2026');
    await page.getByLabel(/^Mức lương/).fill('18500000');
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Hợp đồng: ${number}` }).waitFor();
    await approveThroughWorkflow(page, workflow, STEP);
    await page.getByText('Còn hiệu lực', { exact: true }).first().waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // 4. Printed from the Word template: previewed, downloaded, her name inside.
    await page.getByRole('button', { name: 'In văn bản' }).click();
    const dialog = page.getByRole('dialog', { name: 'In văn bản từ mẫu' });
    await dialog.getByRole('combobox', { name: 'Mẫu văn bản' }).click();
    await page.getByRole('option', { name: template }).click();
    await dialog.getByRole('button', { name: 'Xem trước' }).click();
    const preview = dialog.getByRole('document', { name: 'Bản xem trước văn bản' });
    await preview.getByText(`Người lao động: ${fullName}, sinh ngày 08/03/1994`).waitFor();
    const saved = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Tải xuống (.docx)' }).click();
    const paragraphs = paragraphsOf(await readFile(await (await saved).path()));
    expect(paragraphs).toContain(`Người lao động: ${fullName}, sinh ngày 08/03/1994`);
    expect(paragraphs).toContain('Mức lương: 18.500.000 đồng (Mười tám triệu năm trăm nghìn đồng)');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // 5. A transfer to Finance: nothing moves before approval; once approved she is in Finance
    //    and the chart counts her there.
    await newDecision(page, workerUrl, 'Điều động, bổ nhiệm');
    const transfer = `15/${stamp}/QĐ-ĐC`;
    await page.getByLabel(/^Số quyết định\s*\*?$/).fill(transfer);
    await page.getByLabel(/^Ngày hiệu lực/).fill('01/06/2026');
    await pick(page, 'Đến đơn vị', finance.code, `${finance.name} ${finance.code}`);
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page
      .getByRole('heading', { level: 1, name: `Quyết định điều động, bổ nhiệm: ${transfer}` })
      .waitFor();
    const transferUrl = new URL(page.url()).pathname;
    await expectHeadCounts(page, { [sales.name]: 1, [finance.name]: 0 });
    await page.goto(transferUrl);
    await page.getByRole('heading', { level: 1, name: /^Quyết định điều động, bổ nhiệm/ }).waitFor();
    await approveThroughWorkflow(page, workflow, STEP);
    await page.locator('[data-field="appliedAt"]').filter({ hasNotText: '—' }).waitFor();
    await expectHeadCounts(page, { [sales.name]: 0, [finance.name]: 1, [company.name]: 1 });

    // 6. She leaves: the resignation, approved, ends her work; nobody is counted any more.
    await newDecision(page, workerUrl, 'Nghỉ việc');
    const resignation = `20/${stamp}/QĐ-NV`;
    await page.getByLabel(/^Số quyết định\s*\*?$/).fill(resignation);
    await page.getByLabel(/^Ngày nghỉ việc/).fill('30/09/2026');
    await page.getByLabel(/^Nội dung bàn giao/).fill('Hồ sơ khách hàng, sổ quỹ tháng 9');
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Quyết định nghỉ việc: ${resignation}` }).waitFor();
    await approveThroughWorkflow(page, workflow, STEP);
    await page.locator('[data-field="appliedAt"]').filter({ hasNotText: '—' }).waitFor();

    await page.goto(workerUrl);
    await page.getByRole('heading', { level: 1, name: `Nhân viên: ${fullName}` }).waitFor();
    await expect.poll(() => field(page, 'workingStatus')).toBe('Đã nghỉ việc');
    // the unit is named once its record is read (find-by-ids)
    await expect.poll(() => field(page, 'organizationUnitId')).toContain(finance.name);
    // her history: the contract, the transfer and the resignation, in order
    const history = page.getByRole('region', { name: 'Quá trình hợp đồng và quyết định' });
    const items = history.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(3);
    expect(await items.nth(0).innerText()).toContain(number);
    expect(await items.nth(1).innerText()).toContain(transfer);
    expect(await items.nth(2).innerText()).toContain(resignation);
    expect(await accessibilityViolations(page)).toEqual([]);
    await expectHeadCounts(page, { [finance.name]: 0, [company.name]: 0 });
  }, 300_000);
});

/** The text a detail page shows for a field. */
const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`).innerText();

/** Picks `option` in a searching picker after typing `search`. */
async function pick(page: Page, name: string | RegExp, search: string, option: string) {
  const box = page.getByRole('combobox', typeof name === 'string' ? { name, exact: true } : { name });
  await box.click();
  await box.pressSequentially(search);
  await page.getByRole('option', { name: option }).click();
}

/** "Quyết định mới" on the employee's page, then the kind: the form with her already chosen. */
async function newDecision(page: Page, workerUrl: string, kind: string) {
  await page.goto(workerUrl);
  await page.getByRole('button', { name: 'Quyết định mới' }).click();
  await page.getByRole('menuitem', { name: kind }).click();
  await page.getByRole('heading', { level: 1, name: /^Thêm mới quyết định/ }).waitFor();
}

/** Opens the chart and reads each named unit's head count ("1 người") from its box. */
async function expectHeadCounts(page: Page, counts: Record<string, number>) {
  await openChart(page);
  for (const [name, count] of Object.entries(counts)) {
    await findInChart(page, name);
    // the box's own text: its name, code, type, leaders and "N người" (the boxes are not nested)
    await expect.poll(() => unitBox(page, name).innerText()).toMatch(new RegExp(`(?<!\\d)${count} người`));
  }
}
