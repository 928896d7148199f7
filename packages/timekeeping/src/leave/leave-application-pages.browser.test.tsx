import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leaveApplicationContract, type LeaveBalanceView } from '@hcm/contracts/leave-applications';
import { clearSession } from '@hcm/session';
import { WIDGETS_APP } from '@hcm/widgets';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { signInAdministrator } from '../../../../shared/ui/src/testing/menu-walk.ts';
import {
  loadAppTexts,
  openPath,
  prepareUi,
  renderUi,
  resetUi,
} from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { addTimekeepingDictionary } from '../testing.ts';
import { TimekeepingRouter } from '../TimekeepingRouter.tsx';

const WORKER = '3f0b2b5e-4a52-4a7e-9d8e-1b2c3d4e5f60';
let api: FakeResourceApi;
let settled: () => boolean;
let approvedId = '';
let balanceReads: string[] = [];

const balance = (year: number): LeaveBalanceView => ({
  workerId: WORKER,
  year,
  asOf: `${year}-12-31`,
  accrued: '12.000',
  carriedOver: '2.000',
  taken: '3.500',
  adjusted: '0.000',
  expired: '0.000',
  paidOut: '0.000',
  balance: '10.500',
  pending: '1.500',
  entries: [],
});

/*
 * The leave applications' pages in Chromium against the in-memory API: the list with the approval
 * tabs; the create form that shows the chosen employee's balance of the leave's year and, for
 * leave by hours, the times instead of the halves; an approved application's detail with the
 * balance and "cancel after approval". Axe finds nothing on each, on a desktop and a phone.
 */
describe('the leave application pages', () => {
  beforeEach(async () => {
    await prepareUi();
    await addTimekeepingDictionary();
    await loadAppTexts(WIDGETS_APP, 'widgets');
    api = new FakeResourceApi([leaveApplicationContract]);
    balanceReads = [];
    const [, approved] = api.seed(leaveApplicationContract, 2, (n) => ({
      approvalStatus: n === 2 ? 'APPROVED' : 'NEW',
      workerId: WORKER,
      fromDate: '2026-03-19',
      toDate: '2026-03-20',
      days: '1.500',
    }));
    approvedId = String(approved?.id);
    api.intercept((call) => {
      if (call.path.endsWith('/approval-timeline'))
        return {
          status: 200,
          body: { data: { approvalStatus: 'APPROVED', allowedActions: [], requests: [], events: [] } },
        };
      if (call.method === 'GET' && call.path.startsWith(`/api/tm/leave-balances/${WORKER}`)) {
        balanceReads.push(call.path);
        const year = Number(new URL(call.path, 'http://x').searchParams.get('year'));
        return { status: 200, body: { data: balance(year) } };
      }
      return null;
    });
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('lists the applications under their title with the approval tabs', async () => {
    openPath(leaveApplicationContract.route);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Đơn nghỉ phép' });
    await screen.findByRole('columnheader', { name: /Số ngày nghỉ/ });
    await waitFor(() => expect(settled(), 'the page has settled').to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it("shows the employee's balance on the form, and times instead of halves for leave by hours", async () => {
    openPath(`${leaveApplicationContract.route}/create?workerId=${WORKER}`);
    renderUi(<TimekeepingRouter />);
    const card = await screen.findByRole('region', { name: /Số dư phép năm \d{4}/ });
    expect(card.textContent).to.include('Còn lại');
    expect(card.textContent).to.include('10,5 ngày');
    // entitled: accrued and carried over
    expect(card.textContent).to.include('14 ngày');
    expect(card.textContent).to.include('1,5 ngày');
    screen.getAllByText('Ngày đầu nghỉ');
    expect(screen.queryByText('Từ giờ')).to.equal(null);
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    await userEvent.click(screen.getByRole('combobox', { name: /Nghỉ theo/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Theo giờ/ }));
    await screen.findAllByText('Từ giờ');
    expect(screen.queryByText('Ngày đầu nghỉ')).to.equal(null);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('fits the form with its balance on a 390 px phone', async () => {
    const bodyWidth = document.body.style.width;
    document.body.style.width = '390px';
    try {
      openPath(`${leaveApplicationContract.route}/create?workerId=${WORKER}`);
      renderUi(<TimekeepingRouter />);
      const card = await screen.findByRole('region', { name: /Số dư phép năm/ });
      await waitFor(() => expect(settled()).to.equal(true));
      const edge = document.body.getBoundingClientRect().right + 0.5;
      const parts = [card, ...document.querySelectorAll('input, textarea, [role="combobox"]')];
      const wide = parts.filter((part) => part.getBoundingClientRect().right > edge);
      expect(wide.map((part) => part.outerHTML.slice(0, 80))).to.deep.equal([]);
      expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    } finally {
      document.body.style.width = bodyWidth;
    }
  }).timeout(30_000);

  it("an approved application's detail shows the balance of its year and cancels only with a reason", async () => {
    openPath(`${leaveApplicationContract.route}/${approvedId}/detail`);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('region', { name: 'Số dư phép năm 2026' });
    const cancel = await screen.findByRole('button', { name: 'Huỷ sau phê duyệt' });
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    await userEvent.click(cancel);
    const dialog = await screen.findByRole('dialog', { name: /Huỷ đơn nghỉ đã duyệt/ });
    expect(dialog.textContent).to.include('2026-03-19');
    expect(await accessibilityViolations(dialog)).to.deep.equal([]);
  });
});
