import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { salaryPeriodContract } from '@hcm/contracts/salary-periods';
import { clearSession } from '@hcm/session';
import { WIDGETS_APP } from '@hcm/widgets';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { signInAdministrator } from '../../../../shared/ui/src/testing/menu-walk.ts';
import {
  loadAppTexts,
  openPath,
  prepareUi,
  renderUi,
  resetUi,
} from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { fakePayPeriods, type FakePayPeriods } from '../pay-periods/testing/fake-pay-periods.ts';
import { pastThePhone } from '../pay-periods/testing/phone.ts';
import { PayrollRouter } from '../PayrollRouter.tsx';
import { addPayrollDictionary } from '../testing.ts';

let fake: FakePayPeriods;
let settled: () => boolean;

/*
 * Salary › Salary period (Kỳ trả lương) in Chromium against the in-memory API: the months with
 * the approval engine's tabs, and a month's page listing its pay periods (each a link, with its
 * computation, approval and lock badges) and its totals; axe at desktop and 390 px.
 */
describe('the salary period pages', () => {
  beforeEach(async () => {
    await prepareUi();
    await addPayrollDictionary();
    await loadAppTexts(WIDGETS_APP, 'widgets');
    fake = fakePayPeriods();
    settled = await signInAdministrator(fake.api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('lists the months paid', async () => {
    openPath(salaryPeriodContract.route);
    renderUi(<PayrollRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Kỳ trả lương' });
    await screen.findByText('KTL_2026_03');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  for (const width of [1280, 390])
    it(`shows a month’s pay periods below it (${width} px)`, async () => {
      Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
      window.dispatchEvent(new Event('resize'));
      document.body.style.width = `${width}px`;
      try {
        openPath(`${salaryPeriodContract.route}/${fake.salaryPeriodId}/detail`);
        renderUi(<PayrollRouter />);
        const sheets = await screen.findByRole('region', { name: 'Các bảng lương của kỳ: Bảng lương' });
        const open = within(sheets).getByRole('link', { name: 'BL_VP_2026_03 – Bảng lương tháng 03/2026' });
        expect(open.getAttribute('href')).to.equal(`/pm/pay-period/${fake.sheets.open}/detail`);
        const waiting = within(sheets)
          .getByText('BL_SX_2026_03', { exact: false })
          .closest('tr') as HTMLElement;
        within(waiting).getByText('Đã tính');
        await screen.findByText('Tổng hợp kỳ trả lương: 249 nhân viên, 1.743 dòng lương');
        await waitFor(() => expect(settled()).to.equal(true));
        expect(pastThePhone()).to.deep.equal([]);
        expect(await accessibilityViolations(document.body)).to.deep.equal([]);
      } finally {
        Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true });
        document.body.style.width = '';
      }
    });
});
