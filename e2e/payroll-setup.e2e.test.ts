import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { portalsFor } from './support/engines.ts';
import { getDataAsPage, postAsPage } from './support/page-api.ts';
import { e2eAccounts, repoRoot } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { waitForQuiet } from './support/quiet.ts';

const portals = portalsFor();
const SCREENSHOTS = join(repoRoot, '.cache/screenshots');

/** Axe's judgement of the page once it is quiet: nothing to say. */
async function judged(page: Page) {
  await waitForQuiet(page);
  expect(await accessibilityViolations(page)).toEqual([]);
}

/*
 * Salary set-up on the built portal (docs/payroll-app.md): the @hcm/payroll app loads through its
 * own import-map line; HR writes a component's formula in the formula editor against the real
 * catalogue (GET /api/pm/payroll-variables) — a name completed by keyboard, an unknown name said
 * as it is typed, fixed, saved by the server's own check — puts it into a new template with the
 * component it reads, opens the income-tax bands and the parameters in force; axe on each
 * screen, screenshots at desktop and phone sizes (.cache/screenshots/payroll-*).
 */
describe.each(portals)('payroll set-up on $engine', ({ baseUrl, engine }) => {
  const tab = pagePerTest(baseUrl);

  it('writes a formula component, puts it into a template, and reads the tax bands and parameters', async () => {
    const { page } = tab;
    mkdirSync(SCREENSHOTS, { recursive: true });
    const shot = (name: string) =>
      page.screenshot({ path: join(SCREENSHOTS, `payroll-${name}-${engine}.png`), fullPage: true });
    const suffix = Date.now().toString(36).toUpperCase();
    const input = `E2E_PC_${suffix}`;
    const computed = `E2E_LUONG_${suffix}`;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, e2eAccounts.hrAdmin);
    const map = (await (await page.request.get(`${baseUrl}/importmap.json`)).json()) as {
      imports: Record<string, string>;
    };
    expect(map.imports['@hcm/payroll']).toMatch(/^\/apps\/hcm-payroll\.[0-9a-f]{12}\.js$/);
    // an input component the formula will read
    await postAsPage(page, '/api/pm/salary-components', {
      code: input,
      name: 'Phụ cấp trách nhiệm (kiểm thử)',
      valueType: 'MONEY',
      source: 'INPUT',
      category: 'EARNING',
      taxable: true,
      insurable: false,
      roundingMode: 'NONE',
    });

    // the formula, written in the editor
    await page.goto(`${baseUrl}/pm/payroll-composit/create`);
    await page.getByRole('heading', { level: 1, name: /Thêm mới thành phần lương/i }).waitFor();
    await page.getByRole('textbox', { name: /^Mã/ }).fill(computed);
    await page.getByRole('textbox', { name: /^Tên\s*\*?$/ }).fill('Lương theo công (kiểm thử)');
    await page.getByRole('combobox', { name: /^Nguồn giá trị/ }).click();
    await page.getByRole('option', { name: 'Công thức' }).click();
    const formula = page.getByRole('combobox', { name: /^Công thức/ });
    await formula.click();
    await page.keyboard.type('ROUND(LUONG_HOP_DONG / CONG_CHUAN * CONG_THUC_T');
    await page.getByRole('option', { name: /^CONG_THUC_TE/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.type(`, 0) + ${input.slice(0, -2)}`);
    await page.getByRole('option', { name: new RegExp(`^${input}`) }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type(' + PHU_CAP_KHONG_CO');
    const unknown = page.getByText('Không có biến “PHU_CAP_KHONG_CO” trong danh mục biến', { exact: false });
    await unknown.waitFor();
    await judged(page);
    await shot('formula-error-desktop');
    for (let i = 0; i < ' + PHU_CAP_KHONG_CO'.length; i++) await page.keyboard.press('Backspace');
    await unknown.waitFor({ state: 'detached' });
    expect(await formula.inputValue()).toBe(
      `ROUND(LUONG_HOP_DONG / CONG_CHUAN * CONG_THUC_TE, 0) + ${input}`,
    );
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL(/\/pm\/payroll-composit\/[^/]+\/detail$/);
    await page.getByText(`ROUND(LUONG_HOP_DONG / CONG_CHUAN * CONG_THUC_TE, 0) + ${input}`).waitFor();
    await judged(page);
    await shot('component-detail-desktop');

    // a template: the formula component first, the input it reads missing, then added from its row
    await page.goto(`${baseUrl}/pm/payroll-template/create`);
    await page.getByRole('heading', { level: 1, name: /Thêm mới mẫu bảng lương/i }).waitFor();
    await page.getByRole('textbox', { name: /^Mã/ }).fill(`E2E_MAU_${suffix}`);
    await page.getByRole('textbox', { name: /^Tên\s*\*?$/ }).fill('Mẫu bảng lương kiểm thử');
    const picker = page.getByRole('combobox', { name: 'Thêm thành phần lương' });
    await picker.click();
    await picker.fill(computed);
    await page.getByRole('option', { name: new RegExp(`^${computed}`) }).click();
    await page.getByText(`${computed} đọc thành phần ${input}`, { exact: false }).waitFor();
    await page.getByRole('button', { name: `Thêm ${input}` }).click();
    await page
      .getByText(`${computed} đọc thành phần ${input}`, { exact: false })
      .waitFor({ state: 'detached' });
    const payslip = page.getByRole('group', { name: 'Bố cục phiếu lương' });
    await payslip.getByRole('button', { name: /^Thêm 2 thành phần chưa có trên phiếu/ }).click();
    await judged(page);
    await shot('template-form-desktop');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL(/\/pm\/payroll-template\/[^/]+\/detail$/);
    const id = /\/pm\/payroll-template\/([^/]+)\/detail$/.exec(page.url())?.[1] ?? '';
    const template = await getDataAsPage<{ resolvedOrder: { componentCode: string }[] }>(
      page,
      `/api/pm/payroll-templates/${id}`,
    );
    // the server computes the input before the formula that reads it
    expect(template.resolvedOrder.map((row) => row.componentCode)).toEqual([input, computed]);

    // the income-tax bands of 2026
    await page.goto(`${baseUrl}/pm/payroll-rules`);
    await page.getByRole('heading', { level: 1, name: 'Quy tắc tính lương' }).waitFor();
    await page.getByRole('link', { name: 'THUE_TNCN' }).click();
    await page.getByRole('heading', { level: 2, name: /^Phiên bản hiệu lực từ/ }).waitFor();
    await judged(page);
    await shot('lookup-table-desktop');

    // the parameters in force
    await page.goto(`${baseUrl}/pm/default-parameter`);
    await page.getByRole('heading', { level: 1, name: 'Tham số mặc định' }).waitFor();
    await page.getByRole('cell', { name: 'LUONG_CO_SO', exact: true }).waitFor();
    await judged(page);
    await shot('parameters-desktop');

    // a phone
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/pm/payroll-composit/create`);
    await page.getByRole('heading', { level: 1, name: /Thêm mới thành phần lương/i }).waitFor();
    await page.getByRole('combobox', { name: /^Nguồn giá trị/ }).click();
    await page.getByRole('option', { name: 'Công thức' }).click();
    await page.getByRole('combobox', { name: /^Công thức/ }).click();
    await page.keyboard.type('LUONG_');
    await page.getByRole('listbox').waitFor();
    await judged(page);
    await shot('formula-phone');
    await page.goto(`${baseUrl}/pm/default-parameter`);
    await page.getByRole('cell', { name: 'LUONG_CO_SO', exact: true }).waitFor();
    await judged(page);
    await shot('parameters-phone');
    await page.goto(`${baseUrl}/pm/payroll-template/${id}/update`);
    await page.getByRole('group', { name: 'Các thành phần lương' }).waitFor();
    await page.getByRole('button', { name: `Đưa ${computed} xuống` }).waitFor();
    await judged(page);
    await shot('template-phone');
  });
});
