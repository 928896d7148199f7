import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pagePerTest } from './support/browser.ts';
import { portalsFor } from './support/engines.ts';
import { postAsPage } from './support/page-api.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';

// PGlite: what a newcomer's first `npm start` meets (issue 27: "Xuất Excel" answered 400 there).
const portals = portalsFor();

/** Clicks "Xuất Excel" and answers the rows of the workbook the browser downloaded. */
async function exportRows(
  page: Page,
): Promise<{ fileName: string; rows: unknown[][]; sheet: ExcelJS.Worksheet }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Xuất Excel' }).click(),
  ]);
  const path = await download.path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the download holds no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { fileName: download.suggestedFilename(), rows, sheet };
}

describe.each(portals)(
  '"Xuất Excel" on the generic lists, through the built portal on $engine',
  ({ baseUrl }) => {
    const tab = pagePerTest(baseUrl);

    it('exports every ethnicity the search matches, beyond the page shown, by Vietnamese names', async () => {
      const { page } = tab;
      await signIn(page, e2eAccounts.hrAdmin);
      const stamp = Date.now().toString(36).toUpperCase();
      // 30 of them: more than the 25 rows of a page
      for (let n = 1; n <= 30; n++)
        await postAsPage(page, '/api/om/ethnicities', {
          code: `DT${stamp}_${String(n).padStart(2, '0')}`,
          name: `Dân tộc thử ${n}`,
          priority: n,
          status: n === 2 ? 'INACTIVE' : 'ACTIVE',
        });
      await page.goto('/setting/ethnicity');
      await page.getByRole('heading', { level: 1, name: 'Dân tộc' }).waitFor();
      const search = page.getByRole('searchbox', { name: 'Tìm kiếm' });
      await search.fill(`DT${stamp}`);
      await search.press('Enter');
      await page.getByRole('link', { name: `DT${stamp}_01` }).waitFor();

      const { fileName, rows } = await exportRows(page);
      expect(fileName).toMatch(/^ethnicities_\d{14}\.xlsx$/);
      const header = rows[0] ?? [];
      const [code, status] = [header.indexOf('Mã'), header.indexOf('Trạng thái')];
      expect(code).toBe(0);
      expect(status).toBeGreaterThan(0);
      const data = rows.slice(1);
      // every matching row in the list's order (priority), not the 25 of the page shown
      expect(data.map((row) => row[code])).toEqual(
        Array.from({ length: 30 }, (_, i) => `DT${stamp}_${String(i + 1).padStart(2, '0')}`),
      );
      // the status by its name, never the code
      expect(data[0]?.[status]).toBe('Đang hoạt động');
      expect(data[1]?.[status]).toBe('Ngừng hoạt động');
    });

    it('exports the employees the list shows, with Vietnamese names and dd/MM/yyyy dates', async () => {
      const { page } = tab;
      await signIn(page, e2eAccounts.hrAdmin);
      const stamp = Date.now().toString(36).toUpperCase();
      const unit = await postAsPage(page, '/api/om/organization-units', {
        code: `XK${stamp}`,
        name: `Phòng Xuất ${stamp}`,
        typeCode: 'PHONG',
      });
      for (const [n, gender, dateOfBirth] of [
        [1, 'FEMALE', '1990-03-15'],
        [2, 'MALE', '1985-12-01'],
      ] as const)
        await postAsPage(page, '/api/om/workers', {
          code: `XK${stamp}${n}`,
          fullName: `Trần Xuất ${stamp} ${n}`,
          gender,
          dateOfBirth,
          organizationUnitId: unit,
        });
      await page.goto('/om/employee');
      await page.getByRole('heading', { level: 1, name: 'Danh sách nhân viên' }).waitFor();
      const search = page.getByRole('searchbox', { name: 'Tìm kiếm' });
      await search.fill(`Trần Xuất ${stamp}`);
      await search.press('Enter');
      await page
        .getByRole('link', { name: `XK${stamp}1` })
        .first()
        .waitFor();

      const { rows, sheet } = await exportRows(page);
      const header = rows[0] ?? [];
      const column = (name: string) => header.indexOf(name);
      expect(column('Giới tính')).toBeGreaterThan(-1);
      expect(column('Ngày sinh')).toBeGreaterThan(-1);
      const data = rows
        .slice(1)
        .map((row) => [row[column('Mã nhân viên')], row[column('Giới tính')], row[column('Ngày sinh')]]);
      expect(data.map(([code]) => code).sort()).toEqual([`XK${stamp}1`, `XK${stamp}2`]);
      const byCode = Object.fromEntries(data.map(([code, ...rest]) => [String(code), rest]));
      expect(byCode[`XK${stamp}1`]).toEqual(['Nữ', new Date(Date.UTC(1990, 2, 15))]);
      expect(byCode[`XK${stamp}2`]).toEqual(['Nam', new Date(Date.UTC(1985, 11, 1))]);
      // a real date cell that Excel shows as dd/MM/yyyy
      expect(sheet.getRow(2).getCell(column('Ngày sinh') + 1).numFmt).toBe('dd/mm/yyyy');
    });
  },
);
