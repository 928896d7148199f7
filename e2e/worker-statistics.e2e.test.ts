import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { postAsPage as post } from './support/page-api.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();

// The counting is proven on PostgreSQL by the server's suite (om/worker-statistics): the story
// runs once, on the embedded default.
describe.each(portals)(
  'workforce statistics on the dashboard, through the built portal on $engine',
  ({ baseUrl }) => {
    const tab = pagePerTest(baseUrl);

    it('counts the employees by unit and gender, narrows to a unit from its card or the picker, and gives the joiners of its months', async () => {
      const { page } = tab;
      await signIn(page, e2eAccounts.hrAdmin);
      const stamp = Date.now().toString(36).toUpperCase();
      const unitName = `Xưởng may ${stamp}`;
      const unitId = await post(page, '/api/om/organization-units', {
        code: `XM${stamp}`,
        name: unitName,
        typeCode: 'PHONG',
      });
      const year = new Date().getFullYear();
      for (const [index, gender] of (['FEMALE', 'FEMALE', 'FEMALE', 'MALE'] as const).entries())
        await post(page, '/api/om/workers', {
          code: `XM${stamp}${index}`,
          fullName: `Công nhân ${index} ${stamp}`,
          gender,
          organizationUnitId: unitId,
          joinedDate: `${year}-03-0${index + 1}`,
        });

      await page.goto('/dashboard');
      const byUnit = page.getByRole('region', { name: 'Theo đơn vị' });
      await byUnit.getByRole('button', { name: `Chỉ xem ${unitName} và các đơn vị trực thuộc` }).click();
      // the unit picker names the unit the cards are narrowed to
      const picker = page.getByRole('combobox', { name: 'Đơn vị', exact: true });
      await expect.poll(() => picker.inputValue()).toBe(unitName);
      await page.getByText('4 nhân viên đang làm việc', { exact: true }).waitFor();
      const byGender = page.getByRole('region', { name: 'Theo giới tính' });
      await expect.poll(() => byGender.getByRole('listitem').allInnerTexts()).toEqual(['Nữ\n3', 'Nam\n1']);

      // back to the whole scope, then the same unit found with the picker
      await page.getByRole('button', { name: 'Xem toàn bộ' }).click();
      await expect.poll(() => picker.inputValue()).toBe('');
      await page.getByRole('button', { name: 'Xem toàn bộ' }).waitFor({ state: 'detached' });
      await picker.click();
      await picker.pressSequentially(`XM${stamp}`);
      await page.getByRole('option', { name: `${unitName} XM${stamp}` }).click();
      await page.getByText('4 nhân viên đang làm việc', { exact: true }).waitFor();
      await expect.poll(() => byGender.getByRole('listitem').allInnerTexts()).toEqual(['Nữ\n3', 'Nam\n1']);
      const months = page.getByRole('region', { name: `Biến động nhân sự theo tháng ${year}` });
      await months.getByRole('listitem', { name: 'Tháng 3: 4 vào làm, 0 nghỉ việc' }).waitFor();
      expect(await months.getByRole('listitem', { name: 'Tháng 4: 0 vào làm, 0 nghỉ việc' }).count()).toBe(1);

      const saved = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Xuất Excel' }).click();
      expect((await saved).suggestedFilename()).toBe(`thong-ke-nhan-su-${year}.xlsx`);
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  },
);
