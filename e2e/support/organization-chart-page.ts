import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The organisation chart's address. */
export const CHART = '/om/organization-chart';

export interface UnitEntry {
  code: string;
  name: string;
  /** the unit type's name as the form's picker lists it ("Công ty", "Phòng ban") */
  type: string;
}

export async function openChart(page: Page): Promise<void> {
  await page.goto(CHART);
  await page.getByRole('heading', { level: 1, name: 'Sơ đồ tổ chức' }).waitFor();
}

/** Fills the generic create form of a unit (its parent already chosen or not) and saves it. */
export async function fillUnitForm(page: Page, unit: UnitEntry): Promise<void> {
  await page.getByRole('textbox', { name: /^Mã/ }).fill(unit.code);
  await page.getByRole('textbox', { name: /^Tên/ }).fill(unit.name);
  await page.getByRole('combobox', { name: /^Loại đơn vị/ }).click();
  await page.getByRole('option', { name: unit.type, exact: true }).click();
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  // a new unit is shown where it was added: in the chart, opened up to it and chosen
  await page.waitForURL((url) => url.pathname === CHART && url.searchParams.has('unit'));
  await unitBox(page, unit.name).waitFor();
}

/** The box of a unit in the chart: a treeitem named by the unit's name, code and type. */
export const unitBox = (page: Page, name: string) =>
  page.getByRole('treeitem', { name: new RegExp(`^${name} `) });

/** Finds a unit with the chart's search box and chooses it. */
export async function findInChart(page: Page, name: string): Promise<void> {
  const search = page.getByRole('combobox', { name: 'Tìm đơn vị' });
  await search.click();
  await search.pressSequentially(name);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
}

/** Opens a unit's actions menu in the chart and picks one. */
export async function unitAction(page: Page, name: string, action: string): Promise<void> {
  await findInChart(page, name);
  await page.getByRole('button', { name: `Thao tác với ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Adds a unit under `parent` from the parent's box in the chart (the parent is preset). */
export async function addUnitUnder(page: Page, parent: UnitEntry, child: UnitEntry): Promise<void> {
  await openChart(page);
  await unitAction(page, parent.name, 'Thêm đơn vị trực thuộc');
  await page.waitForURL((url) => url.pathname === `${CHART}/create`);
  // the preset parent is named once its record is read (find-by-ids): seconds on a busy machine
  await expect
    .poll(() => page.getByRole('combobox', { name: /^Đơn vị cấp trên/ }).inputValue(), {
      timeout: 15_000,
    })
    .toBe(parent.name);
  await fillUnitForm(page, child);
}
