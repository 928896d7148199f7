import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitForQuiet } from './support/quiet.ts';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { e2eAccounts, repoRoot } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';
import {
  addUnitUnder,
  CHART,
  fillUnitForm,
  findInChart,
  openChart,
  unitAction,
  unitBox,
} from './support/organization-chart-page.ts';

const portals = portalsFor();
const SCREENSHOTS = join(repoRoot, '.cache/screenshots');
describe.each(portals)('the organisation chart on $engine', ({ baseUrl, engine }) => {
  const tab = pagePerTest(baseUrl);

  it('builds a company with two branches and a department, then collapses, finds, moves and lists them', async () => {
    const { page } = tab;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, e2eAccounts.hrAdmin);
    const run = `${engine === 'pglite' ? 'L' : 'P'}${Date.now().toString(36).toUpperCase()}`;
    const company = { code: `CT_${run}`, name: `Công ty Minh An ${run}`, type: 'Công ty' };
    const north = { code: `CN_HN_${run}`, name: `Chi nhánh Hà Nội ${run}`, type: 'Chi nhánh' };
    const south = { code: `CN_HCM_${run}`, name: `Chi nhánh Hồ Chí Minh ${run}`, type: 'Chi nhánh' };
    const accounting = { code: `P_KT_${run}`, name: `Phòng Kế toán ${run}`, type: 'Phòng ban' };

    // the company, from the list view's "Thêm mới"
    await openChart(page);
    await page.getByRole('button', { name: 'Danh sách' }).click();
    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await page.waitForURL((url) => url.pathname === `${CHART}/create`);
    await fillUnitForm(page, company);

    // the branches and the department, each from its parent's box: the parent is preset
    for (const [parent, child] of [
      [company, north],
      [company, south],
      [north, accounting],
    ] as const)
      await addUnitUnder(page, parent, child);
    // the chart: the company open, its branches shown closed
    await openChart(page);
    await findInChart(page, company.name);
    await unitBox(page, north.name).waitFor();
    await unitBox(page, south.name).waitFor();
    const northBox = unitBox(page, north.name);
    expect(await northBox.getAttribute('aria-expanded')).toBe('false');
    expect(await northBox.getAttribute('aria-level')).toBe(
      String(Number(await unitBox(page, company.name).getAttribute('aria-level')) + 1),
    );
    expect(await unitBox(page, accounting.name).count()).toBe(0);

    // open and close the northern branch with its "+ 1" button
    await page.getByRole('button', { name: `Mở 1 đơn vị trực thuộc của ${north.name}` }).click();
    await unitBox(page, accounting.name).waitFor();
    expect(await northBox.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: `Thu gọn 1 đơn vị trực thuộc của ${north.name}` }).click();
    await unitBox(page, accounting.name).waitFor({ state: 'detached' });

    // find the department: its branch opens, the department is marked
    await findInChart(page, accounting.name);
    await expect.poll(() => unitBox(page, accounting.name).getAttribute('aria-current')).toBe('true');
    await expect(unitBox(page, accounting.name).isVisible()).resolves.toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `organization-chart-desktop-${engine}.png`) });

    // keyboard: from the department, Left goes to its branch, Left again closes it
    await unitBox(page, accounting.name).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toMatch(/^org-unit-/);
    expect(await northBox.evaluate((box) => box === document.activeElement)).toBe(true);
    // move the department to the southern branch
    await unitAction(page, accounting.name, 'Chuyển sang đơn vị khác');
    const dialog = page.getByRole('dialog', { name: `Chuyển đơn vị ${accounting.name}` });
    const picker = dialog.getByRole('combobox', { name: /^Đơn vị cấp trên mới/ });
    await picker.click();
    await picker.pressSequentially(south.name);
    await dialog.getByRole('option', { name: new RegExp(`^${south.name}`) }).click();
    await dialog.getByRole('button', { name: 'Chuyển' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => unitBox(page, accounting.name).getAttribute('aria-current')).toBe('true');
    await page.getByRole('button', { name: `Thu gọn 1 đơn vị trực thuộc của ${south.name}` }).waitFor();
    expect(await northBox.getAttribute('aria-expanded')).toBeNull();
    // the list view: the four units, found by the run's mark
    await page.getByRole('button', { name: 'Danh sách' }).click();
    // a history.pushState: there is no load event for waitForURL to wait for
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('list');
    await page.getByPlaceholder('Nhập từ khóa để tìm kiếm').fill(run);
    for (const unit of [company, north, south, accounting])
      await page.getByRole('cell', { name: unit.code, exact: true }).waitFor();
    // the parent column names the parent unit by its name, not its id or code
    const accountingRow = page.getByRole('row').filter({ hasText: accounting.code });
    await accountingRow.getByRole('cell', { name: south.name, exact: true }).waitFor();
    await waitForQuiet(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, `organization-list-desktop-${engine}.png`) });

    // a phone: the chart still works in the small frame
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Sơ đồ' }).click();
    await findInChart(page, accounting.name);
    await expect.poll(() => unitBox(page, accounting.name).getAttribute('aria-current')).toBe('true');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, `organization-chart-phone-${engine}.png`) });
  }, 300_000);
});
