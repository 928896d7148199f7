import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LEAVE_STATISTICS_PATH, type LeaveStatistics } from '@hcm/contracts/leave-statistics';
import { setLanguage } from '@hcm/i18n';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { signInAdministrator } from '../../../../shared/ui/src/testing/menu-walk.ts';
import { openPath, prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { addTimekeepingDictionary } from '../testing.ts';
import { TimekeepingRouter } from '../TimekeepingRouter.tsx';

const types: LeaveStatistics['types'] = [
  { leaveTypeId: 't-np', code: 'NP', name: 'Nghỉ phép năm', payer: 'EMPLOYER' },
  { leaveTypeId: 't-om', code: 'OM', name: 'Nghỉ ốm', payer: 'SOCIAL_INSURANCE' },
];
const figures = (np: string, om: string, workers: number) => ({
  days: (Number(np) + Number(om)).toFixed(3),
  employerDays: np,
  socialInsuranceDays: om,
  unpaidDays: '0.000',
  workers,
  byType: [
    ...(Number(np) > 0 ? [{ leaveTypeId: 't-np', days: np, workers: 1 }] : []),
    ...(Number(om) > 0 ? [{ leaveTypeId: 't-om', days: om, workers: 1 }] : []),
  ],
});
const byMonth: LeaveStatistics = {
  from: '2026-02-01',
  to: '2026-03-31',
  groupBy: 'month',
  types,
  rows: [
    { key: '2026-02', code: '2026-02', name: '2026-02', ...figures('0.000', '2.000', 1) },
    { key: '2026-03', code: '2026-03', name: '2026-03', ...figures('1.500', '2.000', 2) },
  ],
  total: figures('1.500', '4.000', 2),
};
const byUnit: LeaveStatistics = {
  ...byMonth,
  groupBy: 'unit',
  rows: [
    { key: 'u-nm', code: 'NM', name: 'Nhà máy', ...figures('0.000', '4.000', 1) },
    { key: 'u-xm', code: 'XM', name: 'Xưởng may', ...figures('1.500', '0.000', 1) },
  ],
};

let api: FakeResourceApi;
let settled: () => boolean;

/*
 * The leave statistics tab of the troop report in Chromium against the in-memory API: by month
 * (the chart stacked by leave type) and by unit, the table with its total, Vietnamese and English,
 * on a desktop and a 390 px phone; axe finds nothing.
 */
describe('the leave statistics', () => {
  beforeEach(async () => {
    await prepareUi();
    await addTimekeepingDictionary();
    api = new FakeResourceApi([]);
    api.intercept((call) => {
      if (call.path === `${LEAVE_STATISTICS_PATH}/export`) return { status: 200, blob: new Blob(['xlsx']) };
      return call.path === LEAVE_STATISTICS_PATH
        ? { status: 200, body: { data: call.query.get('groupBy') === 'unit' ? byUnit : byMonth } }
        : null;
    });
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('shows the days of leave by month stacked by type, then by unit, with the total', async () => {
    const user = userEvent.setup();
    openPath('/tm/troop-report/leave-statistics');
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('button', { name: 'Thống kê nghỉ phép', current: 'page' });
    const table = await screen.findByRole('table', { name: /^Thống kê nghỉ phép .*: Theo tháng$/ });
    const march = within(table).getByRole('rowheader', { name: '2026-03' }).closest('tr') as HTMLElement;
    // days, employer, social insurance, unpaid, annual, sick, workers
    expect([...march.querySelectorAll('td')].map((td) => td.textContent)).to.deep.equal([
      '3,5',
      '1,5',
      '2',
      '0',
      '1,5',
      '2',
      '2',
    ]);
    const total = within(table).getByRole('rowheader', { name: 'Tổng cộng' }).closest('tr') as HTMLElement;
    expect(total.textContent).to.equal('Tổng cộng5,51,5401,542');
    screen.getByRole('img', { name: /^Biểu đồ Thống kê nghỉ phép/ });
    expect(api.callsTo('GET', LEAVE_STATISTICS_PATH)[0]?.query.get('groupBy')).to.equal('month');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    const choice = screen.getByRole('group', { name: 'Thống kê theo' });
    await user.click(within(choice).getByRole('button', { name: 'Theo đơn vị' }));
    const units = await screen.findByRole('table', { name: /: Theo đơn vị$/ });
    expect(within(units).getByRole('rowheader', { name: 'Xưởng may' })).to.not.equal(null);
    expect(within(choice).getByRole('button', { name: 'Theo đơn vị' }).getAttribute('aria-pressed')).to.equal(
      'true',
    );
    expect(api.callsTo('GET', LEAVE_STATISTICS_PATH).at(-1)?.query.get('groupBy')).to.equal('unit');
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    // the workbook of the period shown (a sheet per grouping: the server's)
    const asked = api.callsTo('GET', LEAVE_STATISTICS_PATH)[0]?.query;
    await user.click(screen.getByRole('button', { name: 'Xuất Excel' }));
    await waitFor(() => expect(api.callsTo('GET', `${LEAVE_STATISTICS_PATH}/export`)).to.have.length(1));
    const exported = api.callsTo('GET', `${LEAVE_STATISTICS_PATH}/export`)[0]?.query;
    expect(exported?.get('from')).to.equal(asked?.get('from'));
    expect(exported?.get('to')).to.equal(asked?.get('to'));
  });

  it('speaks English', async () => {
    await setLanguage('en');
    openPath('/tm/troop-report/leave-statistics');
    renderUi(<TimekeepingRouter />);
    const table = await screen.findByRole('table', { name: /^Leave statistics .*: By month$/ });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(header).to.deep.equal([
      'Month',
      'Days of leave',
      'Paid by the employer',
      'Paid by social insurance',
      'Unpaid',
      'Nghỉ phép năm',
      'Nghỉ ốm',
      'Workers on leave',
    ]);
    const march = within(table).getByRole('rowheader', { name: '2026-03' }).closest('tr') as HTMLElement;
    expect(march.querySelector('td')?.textContent).to.equal('3.5');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('fits a 390 px phone: the table scrolls sideways within the page, the page does not', async () => {
    const width = document.body.style.width;
    document.body.style.width = '390px';
    try {
      openPath('/tm/troop-report/leave-statistics');
      renderUi(<TimekeepingRouter />);
      const table = await screen.findByRole('table', { name: /: Theo tháng$/ });
      const region = screen.getByRole('region', { name: /: Theo tháng$/ });
      expect(table.scrollWidth).to.be.greaterThan(region.clientWidth);
      expect(region.clientWidth).to.be.at.most(390);
      expect(document.body.scrollWidth).to.be.at.most(390);
      await waitFor(() => expect(settled()).to.equal(true));
      expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    } finally {
      document.body.style.width = width;
    }
  });
});
