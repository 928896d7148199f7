import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import {
  shiftSummaryPath,
  workCalendarContract,
  workCalendarExplainPath,
  type ShiftSummaryPage,
  type WorkCalendarCandidate,
  type WorkCalendarExplanation,
} from '@hcm/contracts/work-calendars';
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

const WORKER = '11111111-1111-4111-8111-111111111111';
const UNIT = '22222222-2222-4222-8222-222222222222';

const candidate = (overrides: Partial<WorkCalendarCandidate>): WorkCalendarCandidate => ({
  calendarId: '33333333-3333-4333-8333-333333333333',
  code: 'LLV_RIENG',
  name: 'Ca thứ Bảy của anh Hùng',
  targetType: 'WORKER',
  unitDistance: 0,
  fromDate: '2026-03-01',
  toDate: '2026-03-31',
  approvalStatus: 'APPROVED',
  approvedAt: '2026-02-20T02:00:00.000000Z',
  workShiftId: '44444444-4444-4444-8444-444444444444',
  workShiftCode: 'S1',
  off: false,
  verdict: 'WINNER',
  lostBy: null,
  ...overrides,
});

const explanation: WorkCalendarExplanation = {
  workerId: WORKER,
  date: '2026-03-28',
  worker: { code: 'NV0001', fullName: 'Nguyễn Văn Hùng', organizationUnitId: UNIT, jobTitleId: null },
  candidates: [
    candidate({}),
    candidate({
      calendarId: '55555555-5555-4555-8555-555555555555',
      code: 'LLV_TO_HAN',
      name: 'Xoay ca tổ hàn',
      targetType: 'WORKING_GROUP',
      workShiftCode: 'S1',
      verdict: 'OUTRANKED',
      lostBy: 'TARGET',
    }),
    candidate({
      calendarId: '66666666-6666-4666-8666-666666666666',
      code: 'LLV_CONG_TY',
      name: 'Giờ hành chính',
      targetType: 'UNIT',
      unitDistance: 3,
      toDate: null,
      workShiftId: null,
      workShiftCode: null,
      verdict: 'NOT_THIS_WEEKDAY',
    }),
  ],
  winner: candidate({}),
  decidedBy: 'TARGET',
};

const days = Array.from({ length: 31 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`);
const rowOf = (n: number) => ({
  workerId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  code: `NV${String(n).padStart(4, '0')}`,
  fullName: `Trần Thị ${n}`,
  shifts: days.map((day, i) => ((i + 1) % 7 === 0 ? 'OFF' : i % 7 === 5 ? null : n % 2 ? 'HC' : 'S2')),
});
const pages: Record<string, ShiftSummaryPage> = {
  first: { month: '2026-03', days, rows: [1, 2, 3].map(rowOf), next: 'cursor-2' },
  second: { month: '2026-03', days, rows: [4, 5].map(rowOf), next: null },
};

let api: FakeResourceApi;
let settled: () => boolean;

/*
 * The work calendars' pages in Chromium against the in-memory API: the list of calendars with
 * the approval engine's tabs, the explanation of a worker's day, and the month's summary of
 * shifts as a grid; axe finds nothing on each.
 */
describe('the work calendar pages', () => {
  beforeEach(async () => {
    await prepareUi();
    await addTimekeepingDictionary();
    // the approval widgets' words (the row menu of a calendar), which the shell's portal serves
    await loadAppTexts(WIDGETS_APP, 'widgets');
    api = new FakeResourceApi([workCalendarContract]);
    api.seed(workCalendarContract, 2);
    api.intercept((call) => {
      if (call.path === workCalendarExplainPath)
        return call.query.get('workerId') === WORKER
          ? { status: 200, body: { data: explanation } }
          : { status: 404, body: { code: 'NOT_FOUND', message: 'No such employee' } };
      if (call.path === shiftSummaryPath)
        return {
          status: 200,
          body: { data: call.query.get('after') === 'cursor-2' ? pages.second : pages.first },
        };
      return null;
    });
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('lists the calendars with a way to ask which shift applies', async () => {
    openPath(workCalendarContract.route);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Lịch làm việc' });
    await screen.findByRole('button', { name: 'Ca áp dụng cho nhân viên' });
    await waitFor(() => expect(settled(), 'the page has settled').to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('asks in the form only what the target type and the pattern use', async () => {
    openPath(`${workCalendarContract.route}/create`);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Thêm mới lịch làm việc' });
    // a unit calendar, weekly: its unit and its shift, not a title, workers or a rotation
    await screen.findByText('Đơn vị, nhóm lao động');
    screen.getByText('Ca làm việc');
    screen.getByText('Các ngày trong tuần');
    for (const hidden of ['Chức danh', 'Nhân viên', 'Ngày bắt đầu chu kỳ', 'Chu kỳ xoay ca'])
      expect(screen.queryByText(hidden), hidden).to.equal(null);
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('says which calendar decided a worker’s day and why, with every candidate', async () => {
    openPath(`${workCalendarContract.route}/explain?workerId=${WORKER}&date=2026-03-28`);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Ca áp dụng cho nhân viên' });
    await screen.findByText('Ca áp dụng: S1, theo lịch LLV_RIENG – Ca thứ Bảy của anh Hùng (Nhân viên).');
    screen.getByText('Lý do được chọn: Đối tượng cụ thể hơn.');
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).to.deep.equal([
      'LLV_RIENGCa thứ Bảy của anh Hùng',
      'LLV_TO_HANXoay ca tổ hàn',
      'LLV_CONG_TYGiờ hành chính',
    ]);
    expect(rows[1]?.textContent).to.contain('Bị lịch cụ thể hơn thay thế (Đối tượng cụ thể hơn)');
    expect(rows[2]?.textContent).to.contain('trên 3 cấp');
    expect(rows[2]?.textContent).to.contain('Không áp dụng thứ này');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('shows a unit’s month of shifts as a grid, a keyset page at a time', async () => {
    openPath(`/tm/summary-of-shift?unit=${UNIT}&month=2026-03`);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Tổng hợp ca' });
    const grid = await screen.findByRole('grid', { name: 'Ca làm việc tháng 2026-03' });
    expect(grid.getAttribute('aria-rowcount')).to.equal('4');
    await screen.findByText('Đang hiển thị 3 nhân viên');
    expect(api.callsTo('GET', shiftSummaryPath)[0]?.query.get('organizationUnitId')).to.equal(UNIT);
    screen.getByRole('button', { name: 'Tải thêm' }).click();
    await screen.findByText('Đang hiển thị 5 nhân viên');
    expect(api.callsTo('GET', shiftSummaryPath)[1]?.query.get('after')).to.equal('cursor-2');
    expect(screen.queryByRole('button', { name: 'Tải thêm' })).to.equal(null);
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });
});
