import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { timesheetContract } from '@hcm/contracts/timesheets';
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
import { generalTimesheetLink } from './TimesheetPages.tsx';

let api: FakeResourceApi;
let settled: () => boolean;
let approvedId = '';

/*
 * The timesheets' pages in Chromium against the in-memory API: the list with the approval
 * engine's tabs, the create form (unit and month), and an approved timesheet's detail with the
 * way to its general timesheet and the reopening of its month, which asks for a reason before
 * anything is sent; axe finds nothing on each.
 */
describe('the timesheet pages', () => {
  beforeEach(async () => {
    await prepareUi();
    await addTimekeepingDictionary();
    await loadAppTexts(WIDGETS_APP, 'widgets');
    api = new FakeResourceApi([timesheetContract]);
    const [, approved] = api.seed(timesheetContract, 2, (n) => ({
      approvalStatus: n === 2 ? 'APPROVED' : 'NEW',
    }));
    approvedId = String(approved?.id);
    api.intercept((call) => {
      if (call.path.endsWith('/approval-timeline'))
        return {
          status: 200,
          body: { data: { approvalStatus: 'APPROVED', allowedActions: [], requests: [], events: [] } },
        };
      if (call.method === 'GET' && call.path === `${timesheetContract.apiPath}/${approvedId}/held-days`) {
        const record = api.records(timesheetContract).find((r) => r.id === approvedId);
        // held days exist while the month is locked; reopening computes them
        return record?.approvalStatus === 'APPROVED'
          ? {
              status: 200,
              body: {
                data: {
                  total: 201,
                  days: [
                    {
                      workerId: 'w-1',
                      code: 'NV001',
                      fullName: 'Nguyễn Văn An',
                      workDate: '2026-03-10',
                      symbol: 'KL',
                      heldAt: '2026-04-02T03:00:00Z',
                    },
                  ],
                },
              },
            }
          : { status: 200, body: { data: { total: 0, days: [] } } };
      }
      if (call.method === 'POST' && call.path === `${timesheetContract.apiPath}/${approvedId}/reopen`) {
        const record = api.records(timesheetContract).find((r) => r.id === approvedId);
        if (record) record.approvalStatus = 'CANCELED';
        return {
          status: 200,
          body: { data: { id: approvedId, approvalStatus: 'CANCELED', version: 2, heldDaysRecomputed: 3 } },
        };
      }
      return null;
    });
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('lists the timesheets under their title with the approval tabs', async () => {
    openPath(timesheetContract.route);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Bảng chấm công' });
    // the seeded months (the contract's examples, 2026-02 and 2026-03) as HR writes a month
    await screen.findByText('03/2026');
    await waitFor(() => expect(settled(), 'the page has settled').to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('asks for the unit and the month (MM/yyyy) of a new timesheet', async () => {
    openPath(`${timesheetContract.route}/create`);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Thêm mới bảng chấm công' });
    await screen.findByText('Đơn vị');
    // the month typed as HR writes it, or stepped from this month with the buttons beside it
    const month = screen.getByRole('textbox', { name: /^Tháng/ });
    expect(month.getAttribute('placeholder')).to.equal('mm/yyyy');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tháng sau' }));
    expect((month as HTMLInputElement).value).to.match(/^\d\d\/\d{4}$/);
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('opens the month’s general timesheet, and reopens an approved month only with a reason', async () => {
    openPath(`${timesheetContract.route}/${approvedId}/detail`);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('button', { name: 'Xem bảng công tổng hợp' });
    const reopen = await screen.findByRole('button', { name: 'Mở lại (bỏ khoá tháng)' });
    // the days held for review, listed below the approved month
    const held = await screen.findByRole('region', { name: 'Ngày công bị giữ lại' });
    expect(held.textContent).to.contain('Nguyễn Văn An');
    expect(held.textContent).to.contain('10/03/2026');
    screen.getByText(/^201 ngày có chấm công đến sau khi tháng đã khoá/);
    screen.getByText('… và 200 ngày khác (xem bảng công tổng hợp).');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    await userEvent.click(reopen);
    const dialog = await screen.findByRole('dialog', { name: /Mở lại bảng chấm công/ });
    await userEvent.click(screen.getByRole('button', { name: 'Mở lại' }));
    await screen.findByText('Nhập lý do mở lại');
    expect(api.callsTo('POST', `${timesheetContract.apiPath}/${approvedId}/reopen`)).to.have.length(0);
    expect(await accessibilityViolations(dialog)).to.deep.equal([]);

    await userEvent.type(screen.getByRole('textbox', { name: /Lý do/ }), 'Bổ sung công ngày 10');
    await userEvent.click(screen.getByRole('button', { name: 'Mở lại' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${timesheetContract.apiPath}/${approvedId}/reopen`)).to.have.length(1),
    );
    const [sent] = api.callsTo('POST', `${timesheetContract.apiPath}/${approvedId}/reopen`);
    expect(sent?.body).to.deep.include({ reason: 'Bổ sung công ngày 10' });
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
  });

  it('links a unit’s month to the general timesheet page that shows it at once', () => {
    expect(generalTimesheetLink('u-1', '2026-03')).to.equal('/tm/general-timesheet?unit=u-1&month=2026-03');
  });
});
