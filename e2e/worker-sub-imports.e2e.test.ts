import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { postAsPage as post } from './support/page-api.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();

// The rules (unknown codes, limits, dates, tenants) are proven by the server's suite
// (workers/sub-imports); the screens run once, on the embedded default.
describe.each(portals)(
  'importing employees’ family from a spreadsheet, through the built portal on $engine',
  ({ baseUrl }) => {
    const tab = pagePerTest(baseUrl);

    it('downloads the family template from the employee list, fills it, imports it and shows the rows on the record', async () => {
      const { page } = tab;
      await signIn(page, e2eAccounts.hrAdmin);
      const stamp = Date.now().toString(36).toUpperCase();
      const unitId = await post(page, '/api/om/organization-units', {
        code: `GD${stamp}`,
        name: `Phòng Đối ngoại ${stamp}`,
        typeCode: 'PHONG',
      });
      const code = `NVGD${stamp}`;
      const workerId = await post(page, '/api/om/workers', {
        code,
        fullName: `Hoàng Văn Sơn ${stamp}`,
        gender: 'MALE',
        organizationUnitId: unitId,
      });

      await page.goto('/om/employee');
      await page.getByRole('button', { name: 'Nhập khẩu thông tin chi tiết' }).click();
      await page.getByRole('menuitem', { name: 'Quan hệ gia đình' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Nhập Quan hệ gia đình từ Excel' }).waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Tải file mẫu' }).click(),
      ]);
      const template = new ExcelJS.Workbook();
      await template.xlsx.readFile(await download.path());
      const sheet = template.worksheets[0];
      if (!sheet) throw new Error('the template has no sheet');
      expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual([
        'Mã nhân viên',
        'Quan hệ',
        'Họ và tên',
      ]);
      sheet.addRow([code, 'Vợ', 'Ngô Thị Lan', '1991-05-02']);
      sheet.addRow([code, 'Con', 'Hoàng Minh Quân', '2018-09-01']);
      const filled = Buffer.from(await template.xlsx.writeBuffer());

      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'gia-dinh.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: filled,
      });
      await dialog.getByRole('button', { name: 'Tải lên' }).click();
      // the toast (its words are also read out by a live region, after the word "Thành công")
      await page.getByText('Đã thêm 2 dòng mới và cập nhật 1 bản ghi có sẵn.', { exact: true }).waitFor();

      await page.goto(`/om/employee/${workerId}/detail`);
      const family = page.locator('[data-field="relatedPersons"]');
      await family.getByText('Ngô Thị Lan').waitFor();
      expect(await family.getByRole('row').count()).toBe(3);
    });
  },
);
