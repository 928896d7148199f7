import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OVERTIME_REPORT_PATH, type OvertimeReport } from '@hcm/contracts/overtime-registrations';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { signInAdministrator } from '../../../../shared/ui/src/testing/menu-walk.ts';
import { openPath, prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { addTimekeepingDictionary } from '../testing.ts';
import { TimekeepingRouter } from '../TimekeepingRouter.tsx';

const report: OvertimeReport = {
  from: '2026-01-01',
  to: '2026-01-31',
  rows: [
    {
      organizationUnitId: 'u1',
      code: 'TO',
      name: 'Tổ hoàn thiện',
      month: '2026-01',
      registeredMinutes: 180,
      workedMinutes: 120,
      paidMinutes: 180,
      workers: 1,
    },
  ],
  total: { registeredMinutes: 180, workedMinutes: 120, paidMinutes: 180, workers: 1 },
};

let api: FakeResourceApi;
let settled: () => boolean;

/*
 * The timekeeping reports' tab "overtime registered vs worked" in Chromium against the in-memory
 * API: reached from the tabs, its table by unit and month with the total; axe finds nothing.
 */
describe('the overtime report tab', () => {
  beforeEach(async () => {
    await prepareUi();
    await addTimekeepingDictionary();
    api = new FakeResourceApi([]);
    api.intercept((call) =>
      call.path === OVERTIME_REPORT_PATH ? { status: 200, body: { data: report } } : null,
    );
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('shows registered, worked and paid overtime by unit and month, with a chart of the months', async () => {
    const user = userEvent.setup();
    openPath('/tm/troop-report/working-hours');
    renderUi(<TimekeepingRouter />);
    await user.click(await screen.findByRole('button', { name: 'Làm thêm giờ: đăng ký và thực tế' }));
    const table = await screen.findByRole('table', { name: 'Làm thêm giờ: đăng ký và thực tế' });
    const row = within(table).getByRole('rowheader', { name: 'Tổ hoàn thiện' }).closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('th, td')].map((cell) => cell.textContent)).to.deep.equal([
      'Tổ hoàn thiện',
      '2026-01',
      '3',
      '2',
      '3',
      '1',
    ]);
    within(table).getByRole('rowheader', { name: 'Tổng cộng' });
    // the months' registered and worked hours side by side, above the table
    screen.getByRole('img', { name: 'Biểu đồ Làm thêm giờ: đăng ký và thực tế' });
    expect(window.location.pathname).to.equal('/tm/troop-report/overtime');
    await waitFor(() => expect(api.callsTo('GET', OVERTIME_REPORT_PATH)).to.have.length(1));
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });
});
