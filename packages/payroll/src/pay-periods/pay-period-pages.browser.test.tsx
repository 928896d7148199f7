import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PayPeriodPaths, payPeriodContract } from '@hcm/contracts/pay-periods';
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
import { PayrollRouter } from '../PayrollRouter.tsx';
import { addPayrollDictionary } from '../testing.ts';
import { fakePayPeriods, type FakePayPeriods } from './testing/fake-pay-periods.ts';
import { pastThePhone } from './testing/phone.ts';

const ROUTE = payPeriodContract.route;
let fake: FakePayPeriods;
let settled: () => boolean;
const sheetPath = (template: string, id: string) => template.replace('{id}', id);
const record = (id: string) => fake.api.records(payPeriodContract).find((r) => r.id === id);

async function openSheet(id: string) {
  openPath(`${ROUTE}/${id}/detail`);
  renderUi(<PayrollRouter />);
  await screen.findByRole('heading', { level: 1, name: new RegExp(String(record(id)?.name)) });
  await waitFor(() => expect(settled(), 'the page has settled').to.equal(true));
}

/*
 * Salary › Payroll period (Bảng lương) in Chromium against the in-memory API: the sheets' list
 * with their computation and approval badges; a sheet's page with its totals grouped as the
 * payslip groups them and the worker that failed with the reason; "Tính lại toàn bộ" starting a
 * computation whose progress bar follows the job to its end; a sheet in approval that cannot be
 * computed again; an approved sheet locked after a confirmation; axe at desktop and 390 px.
 */
describe('the pay period pages', () => {
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

  it('lists the sheets with their computation and approval statuses as badges', async () => {
    openPath(ROUTE);
    renderUi(<PayrollRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Bảng lương' });
    const open = (await screen.findByText('BL_VP_2026_03')).closest('tr') as HTMLElement;
    within(open).getByText('Đã tính, có lỗi');
    const draft = screen.getByText('BL_MOI_2026_03').closest('tr') as HTMLElement;
    within(draft).getByText('Chưa tính');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('shows a computed sheet’s totals by payslip group and the worker that failed, with why', async () => {
    await openSheet(fake.sheets.open);
    const summary = await screen.findByRole('region', { name: 'Tổng hợp bảng lương: Tổng cộng (VNĐ)' });
    await within(summary).findByText('Thực lĩnh', { selector: 'th[scope="colgroup"]' });
    // 249 workers computed: the totals the server summed, in whole đồng with thousands dots
    const net = within(summary)
      .getAllByRole('row')
      .find((row) => row.textContent?.includes('THUC_LINH'));
    expect(net?.textContent).to.match(/\d{1,3}(\.\d{3})+$/);
    const failed = await screen.findByRole('region', { name: 'Nhân viên tính lỗi: Lý do' });
    expect(failed.textContent).to.contain('NV0007');
    expect(failed.textContent).to.contain('chưa có hợp đồng lao động đã duyệt còn hiệu lực ngày 31/03/2026');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('computes every worker again, its progress bar following the job to its end', async () => {
    await openSheet(fake.sheets.open);
    await userEvent.click(await screen.findByRole('button', { name: 'Tính lại toàn bộ' }));
    await screen.findByRole('progressbar', { name: 'Đang tính bảng lương BL_VP_2026_03' });
    const [sent] = fake.api.callsTo('POST', sheetPath(PayPeriodPaths.compute, fake.sheets.open));
    expect(sent?.body).to.deep.equal({ version: 1 });
    // the job ends (its second read); the page reads the sheet again: computed, no bar
    await waitFor(
      () =>
        expect(screen.queryByRole('progressbar', { name: 'Đang tính bảng lương BL_VP_2026_03' })).to.equal(
          null,
        ),
      { timeout: 8000 },
    );
    await screen.findByRole('region', { name: 'Tổng hợp bảng lương: Tổng cộng (VNĐ)' });
    expect(record(fake.sheets.open)?.computeStatus).to.equal('COMPUTED_WITH_ERRORS');
  });

  it('does not compute a sheet waiting for approval again, and says why', async () => {
    await openSheet(fake.sheets.inApproval);
    const compute = await screen.findByRole('button', { name: 'Tính lại toàn bộ' });
    expect(compute.hasAttribute('disabled')).to.equal(true);
    expect(compute.getAttribute('title')).to.contain('đang chờ duyệt');
  });

  it('locks an approved sheet after asking', async () => {
    Object.assign(record(fake.sheets.inApproval) ?? {}, { approvalStatus: 'APPROVED' });
    await openSheet(fake.sheets.inApproval);
    await userEvent.click(await screen.findByRole('button', { name: 'Khoá bảng lương' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).to.contain('Khoá bảng lương BL_SX_2026_03?');
    await userEvent.click(within(confirm).getByRole('button', { name: /Đồng ý|Xác nhận/ }));
    await waitFor(() =>
      expect(fake.api.callsTo('POST', sheetPath(PayPeriodPaths.lock, fake.sheets.inApproval))).to.have.length(
        1,
      ),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Khoá bảng lương' })).to.equal(null));
    expect(record(fake.sheets.inApproval)?.lockedAt).to.be.a('string');
  });

  describe('on a phone (390 × 844)', () => {
    beforeEach(() => {
      Object.defineProperty(window, 'innerWidth', { value: 390, configurable: true });
      window.dispatchEvent(new Event('resize'));
      document.body.style.width = '390px';
    });
    afterEach(() => {
      Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true });
      document.body.style.width = '';
    });

    it('shows a sheet’s page within the screen, its tables scrolling sideways', async () => {
      await openSheet(fake.sheets.open);
      await screen.findByRole('region', { name: 'Nhân viên tính lỗi: Lý do' });
      await waitFor(() => expect(settled()).to.equal(true));
      expect(pastThePhone()).to.deep.equal([]);
      expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    });
  });
});
