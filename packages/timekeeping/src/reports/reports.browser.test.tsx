import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  TimekeepingReportPaths as Paths,
  type HoursReport,
  type LateEarlyFrequency,
  type LateEarlyWorker,
  type TroopCounts,
  type TroopReport,
  type TroopWorker,
} from '@hcm/contracts/timekeeping-reports';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { signInAdministrator } from '../../../../shared/ui/src/testing/menu-walk.ts';
import { openPath, prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { addTimekeepingDictionary } from '../testing.ts';
import { TimekeepingRouter } from '../TimekeepingRouter.tsx';

const DAY = '2026-03-02';
/** DAY as the page shows it */
const SHOWN = '02/03/2026';
const counts = (values: Partial<TroopCounts>): TroopCounts => ({
  onRoll: 0,
  present: 0,
  late: 0,
  missingPunch: 0,
  businessTrip: 0,
  paidLeave: 0,
  unpaidLeave: 0,
  absent: 0,
  dayOff: 0,
  notCheckedIn: 0,
  ...values,
});
const troop: TroopReport = {
  date: DAY,
  today: DAY,
  organizationUnitId: null,
  units: [
    {
      organizationUnitId: 'u-nm',
      code: 'NM',
      name: 'Nhà máy',
      ...counts({ onRoll: 3, present: 2, late: 1, notCheckedIn: 1 }),
    },
    { organizationUnitId: 'u-vp', code: 'VP', name: 'Văn phòng', ...counts({ onRoll: 1, paidLeave: 1 }) },
  ],
  total: counts({ onRoll: 4, present: 2, late: 1, paidLeave: 1, notCheckedIn: 1 }),
};
const late: TroopWorker = {
  workerId: 'w1',
  code: 'NV001',
  fullName: 'Nguyễn Thị Mai',
  unitName: 'Nhà máy',
  status: 'PRESENT',
  symbol: '+',
  firstIn: '08:12',
  lateMinutes: 12,
  flags: 0,
};
const frequency: LateEarlyFrequency = {
  from: '2026-03-01',
  to: '2026-03-31',
  groups: [1, 2, 3, 4, 5, 6].map((times) => ({
    times,
    late: times === 6 ? 2 : times === 1 ? 1 : 0,
    early: times === 1 ? 1 : 0,
  })),
  lateWorkers: 3,
  earlyWorkers: 1,
  lateMinutes: 133,
  earlyMinutes: 20,
};
const often: LateEarlyWorker = {
  workerId: 'w1',
  code: 'NV001',
  fullName: 'Nguyễn Thị Mai',
  unitName: 'Xưởng may',
  lateTimes: 7,
  lateMinutes: 70,
  earlyTimes: 1,
  earlyMinutes: 20,
};
const hours: HoursReport = {
  from: '2026-03-01',
  to: '2026-03-03',
  by: 'day',
  periods: ['2026-03-01', '2026-03-02', '2026-03-03'].map((period, i) => ({
    period,
    minutes: i * 480,
    overtimeMinutes: i * 30,
    workers: i,
  })),
  units: [
    {
      organizationUnitId: 'u-nm',
      code: 'NM',
      name: 'Nhà máy',
      minutes: 1440,
      overtimeMinutes: 90,
      workers: 2,
    },
  ],
  total: { minutes: 1440, overtimeMinutes: 90, workers: 2 },
};
const page = (total: number) => ({ pageIndex: 1, pageSize: 100, total });

let api: FakeResourceApi;
let settled: () => boolean;

/*
 * The troop report and the timekeeping reports in Chromium against the in-memory API: a day's
 * troop by unit with the names behind a figure, the late/early frequency with the workers of a
 * group, the working hours; axe finds nothing on any of them.
 */
describe('the timekeeping reports', () => {
  beforeEach(async () => {
    await prepareUi();
    await addTimekeepingDictionary();
    api = new FakeResourceApi([]);
    api.intercept((call) => {
      const answers: Record<string, unknown> = {
        [Paths.troop]: { data: troop },
        [Paths.troopWorkers]: { data: [late], page: page(1) },
        [Paths.lateEarly]: { data: frequency },
        [Paths.lateEarlyWorkers]: { data: [often], page: { ...page(1), pageSize: 25 } },
        [Paths.workingHours]: { data: hours },
      };
      const body = answers[call.path];
      return body ? { status: 200, body } : null;
    });
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('shows the troop of the day by unit, and the names behind a figure', async () => {
    const user = userEvent.setup();
    openPath('/tm/troop-report');
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Báo cáo quân số' });
    const table = await screen.findByRole('table', { name: `Quân số trong ngày ${SHOWN}` });
    const factory = within(table).getByRole('rowheader', { name: 'Nhà máy' }).closest('tr') as HTMLElement;
    expect(factory.textContent).to.contain('3');
    // the total row: 4 on the roll
    expect(within(table).getByRole('rowheader', { name: 'Tổng cộng' }).closest('tr')?.textContent).to.contain(
      '4',
    );
    screen.getByRole('img', { name: `Biểu đồ Quân số trong ngày ${SHOWN}` });
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    await user.click(
      within(factory).getByRole('button', { name: 'Xem danh sách Đi muộn – Nhà máy: 1 người' }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Đi muộn – Nhà máy, ngày ${SHOWN}` });
    await within(dialog).findByText('Nguyễn Thị Mai');
    expect(dialog.textContent).to.contain('08:12');
    const asked = api.callsTo('GET', Paths.troopWorkers)[0]?.query;
    expect(asked?.get('figure')).to.equal('late');
    expect(asked?.get('organizationUnitId')).to.equal('u-nm');
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    await user.click(within(dialog).getByRole('button', { name: 'Đóng' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
  });

  it('fits a phone: the tables and the chart scroll sideways within the page, the page does not', async () => {
    document.body.style.width = '375px';
    try {
      openPath('/tm/troop-report');
      renderUi(<TimekeepingRouter />);
      const table = await screen.findByRole('table', { name: `Quân số trong ngày ${SHOWN}` });
      const region = screen.getByRole('region', { name: `Quân số trong ngày ${SHOWN}` });
      expect(table.scrollWidth).to.be.greaterThan(375);
      expect(region.clientWidth).to.be.at.most(375);
      expect(document.body.scrollWidth).to.be.at.most(375);
    } finally {
      document.body.style.width = '';
    }
  });

  it('groups the late and early by times, six and more together, and lists a group’s workers', async () => {
    const user = userEvent.setup();
    openPath('/tm/troop-report/late-early');
    renderUi(<TimekeepingRouter />);
    const table = await screen.findByRole('table', { name: /^Tần suất đi muộn, về sớm/ });
    expect(
      within(table).getByRole('rowheader', { name: '6 lần trở lên' }).closest('tr')?.textContent,
    ).to.equal('6 lần trở lên20');
    await screen.findByRole('table', { name: 'Những người đi muộn, về sớm' });
    await user.click(within(table).getByRole('button', { name: 'Đi muộn 6 lần trở lên: 2' }));
    await waitFor(() => {
      const last = api.callsTo('GET', Paths.lateEarlyWorkers).at(-1)?.query;
      expect(last?.get('kind')).to.equal('late');
      expect(last?.get('times')).to.equal('6');
    });
    await screen.findByRole('table', { name: 'Những người đi muộn, về sớm: Đi muộn ≥ 6 lần' });
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('adds up the working hours by day and by unit', async () => {
    openPath('/tm/troop-report/working-hours');
    renderUi(<TimekeepingRouter />);
    const table = await screen.findByRole('table', { name: /^Số giờ công 01\/03\/2026/ });
    const total = within(table).getByRole('rowheader', { name: 'Tổng cộng' }).closest('tr') as HTMLElement;
    expect(total.textContent).to.contain('24');
    expect(total.textContent).to.contain('1,5');
    await screen.findByRole('table', { name: 'Số giờ công: Theo đơn vị' });
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });
});
