import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { postAsPage as post } from './support/page-api.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();

// The rules of area fields are proven on PostgreSQL by the server's suite (workers/addresses);
// the picker against the real national data runs once, on the embedded default.
describe.each(portals)(
  'an employee’s address by province and ward, through the built portal on $engine',
  ({ baseUrl }) => {
    const tab = pagePerTest(baseUrl);

    it('picks Thành phố Hồ Chí Minh and Phường Bến Thành without accents and shows them on the record', async () => {
      const { page } = tab;
      await signIn(page, e2eAccounts.hrAdmin);
      const stamp = Date.now().toString(36).toUpperCase();
      const unitId = await post(page, '/api/om/organization-units', {
        code: `DC${stamp}`,
        name: `Phòng Hành chính ${stamp}`,
        typeCode: 'PHONG',
      });
      const workerId = await post(page, '/api/om/workers', {
        code: `NV${stamp}`,
        fullName: `Phạm Quốc Bảo ${stamp}`,
        gender: 'MALE',
        organizationUnitId: unitId,
      });

      await page.goto(`/om/employee/${workerId}/update`);
      const province = page.getByRole('combobox', { name: /^Tỉnh\/Thành phố \(thường trú\)/ });
      const ward = page.getByRole('combobox', { name: /^Phường\/Xã \(thường trú\)/ });
      await province.waitFor();
      expect(await ward.isDisabled()).toBe(true);
      await province.click();
      await province.pressSequentially('ho chi minh');
      await page.getByRole('option', { name: 'Thành phố Hồ Chí Minh' }).click();
      await expect.poll(() => ward.isDisabled()).toBe(false);
      await ward.click();
      await ward.pressSequentially('ben thanh');
      await page.getByRole('option', { name: 'Phường Bến Thành' }).click();
      await page.getByRole('textbox', { name: /^Địa chỉ thường trú/ }).fill('12 Lê Lợi');
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Lưu', exact: true }).click();

      await page.waitForURL(`**/om/employee/${workerId}/detail`);
      const shown = (field: string) => page.locator(`[data-field="${field}"]`).textContent();
      await expect.poll(() => shown('permanentWardCode')).toBe('Phường Bến Thành');
      expect(await shown('permanentProvinceCode')).toBe('Thành phố Hồ Chí Minh');
      expect(await shown('permanentAddress')).toBe('12 Lê Lợi');
    });
  },
);
