import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { leaveApplicationContract } from '@hcm/contracts/leave-applications';
import { MyTimekeepingPaths } from '@hcm/contracts/my-timekeeping';
import { overtimeRegistrationContract } from '@hcm/contracts/overtime-registrations';
import { setLanguage } from '@hcm/i18n';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { signInAdministrator } from '../../../../shared/ui/src/testing/menu-walk.ts';
import { openPath, prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { addTimekeepingDictionary } from '../testing.ts';
import { TimekeepingRouter } from '../TimekeepingRouter.tsx';
import { MY_DOCUMENTS } from './documents.ts';
import { WORKER_ID, balance2026, march } from './my-timekeeping-fixtures.ts';

const BALANCE = '/api/tm/leave-balances/mine';

let api: FakeResourceApi;
let settled: () => boolean;
let linked: boolean;

/** Renders the page at a body width (390: a phone), and gives the width back afterwards. */
async function atWidth(width: string, check: () => Promise<void>) {
  const bodyWidth = document.body.style.width;
  document.body.style.width = width;
  try {
    await check();
  } finally {
    document.body.style.width = bodyWidth;
  }
}

/** Nothing wider than the body: a phone never scrolls sideways. */
function overflowing(): string[] {
  const edge = document.body.getBoundingClientRect().right + 0.5;
  return [...document.querySelectorAll('main *, #root *, body *')]
    .filter((element) => element.getBoundingClientRect().right > edge)
    .map((element) => element.outerHTML.slice(0, 80));
}

/*
 * The employee's own page in Chromium against the in-memory API: March's calendar with its
 * symbols, a tapped day's details, the legend and totals, the year's annual leave, the quick
 * actions to each document's create form with their worker preset, and their latest requests of
 * every kind with their statuses; at 390 px and at desktop width, with axe finding nothing.
 */
describe('my timekeeping page', () => {
  beforeEach(async () => {
    await prepareUi();
    await addTimekeepingDictionary();
    linked = true;
    api = new FakeResourceApi(MY_DOCUMENTS);
    api.seed(leaveApplicationContract, 2, (n) => ({
      workerId: WORKER_ID,
      name: n === 1 ? 'Nghỉ phép 05/03–06/03/2026' : 'Nghỉ phép 20/04/2026',
      approvalStatus: n === 1 ? 'APPROVED' : 'WAIT_APPROVE',
    }));
    api.seed(overtimeRegistrationContract, 1, () => ({
      workerId: WORKER_ID,
      name: 'Làm thêm 09/03/2026',
      approvalStatus: 'REJECTED',
    }));
    // a colleague's: never on her page
    api.seed(leaveApplicationContract, 1, () => ({
      workerId: '00000000-0000-4000-8000-0000000000bb',
      name: 'Đơn của người khác',
      approvalStatus: 'NEW',
    }));
    api.intercept((call) => {
      if (call.path === MyTimekeepingPaths.month) {
        if (!linked)
          return {
            status: 404,
            body: { code: 'NOT_FOUND', message: 'Your account is not linked to an employee record' },
          };
        const month = call.query.get('month') ?? '';
        return {
          status: 200,
          body: { data: { ...march(), month, ...(month === '2026-03' ? {} : emptied(month)) } },
        };
      }
      if (call.path === BALANCE) return { status: 200, body: { data: balance2026 } };
      return null;
    });
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('shows the month, the balance, the quick actions and the requests on a 390 px phone', async () => {
    await atWidth('390px', async () => {
      openPath('/tm/my-timekeeping?month=2026-03');
      renderUi(<TimekeepingRouter />);
      await screen.findByRole('heading', { level: 1, name: 'Công của tôi' });
      await screen.findByText('Nguyễn Thị Mai · NV001');
      const calendar = await screen.findByRole('table', { name: 'Lịch công tháng 03/2026' });
      // the leave symbol on Thursday and Friday, work on Monday
      within(calendar).getByRole('button', { name: 'Thứ Năm, 05/03: P' });
      within(calendar).getByRole('button', { name: 'Thứ Sáu, 06/03: P' });
      within(calendar).getByRole('button', { name: 'Thứ Hai, 02/03: +' });
      within(calendar).getByRole('button', { name: 'Thứ Ba, 03/03: chưa có công' });
      // a tap shows the day
      within(calendar).getByRole('button', { name: 'Thứ Hai, 02/03: +' }).click();
      const details = await screen.findByRole('region', { name: 'Thứ Hai, 02/03' });
      within(details).getByText('12 / 0 phút');
      within(details).getByText('08:12–17:00');
      within(details).getByText('Đi làm');
      // the legend of the month's symbols and the totals
      const legend = screen.getByRole('region', { name: 'Ký hiệu trong tháng' });
      within(legend).getByText('Nghỉ phép');
      const totals = screen.getByRole('region', { name: 'Tổng hợp tháng' });
      expect(within(totals).getByText('Ngày công').nextElementSibling?.textContent).to.equal('2,5');
      expect(within(totals).getByText('Nghỉ hưởng lương').nextElementSibling?.textContent).to.equal('1,5');
      expect(within(totals).getByText('Làm thêm (giờ)').nextElementSibling?.textContent).to.equal('1,5');
      // the year's annual leave
      const balance = await screen.findByRole('region', { name: 'Phép năm 2026' });
      within(balance).getByText('10,5 ngày');
      expect(within(balance).getByText('Được hưởng').nextElementSibling?.textContent).to.equal('12');
      expect(within(balance).getByText('Đã nghỉ').nextElementSibling?.textContent).to.equal('1,5');
      expect(within(balance).getByText('Chờ duyệt').nextElementSibling?.textContent).to.equal('1');
      expect(api.calls.find((call) => call.path === BALANCE)?.query.get('year')).to.equal('2026');
      // a big tap target to the leave form with her worker preset
      const actions = screen.getByRole('region', { name: 'Tạo đơn' });
      const leave = within(actions).getByRole('link', { name: /Đơn xin nghỉ/ });
      expect(leave.getAttribute('href')).to.equal(`/tm/application-leave/create?workerId=${WORKER_ID}`);
      expect(leave.getBoundingClientRect().height).to.be.at.least(44);
      within(actions).getByRole('link', { name: /Đăng ký làm thêm giờ/ });
      // her requests of every kind, newest first, with their statuses; never a colleague's
      const requests = screen.getByRole('region', { name: 'Đơn của tôi' });
      const links = await within(requests).findAllByRole('link');
      // the badges are a lazy piece: they come a moment after the rows
      await waitFor(() =>
        expect(links.map((link) => link.textContent)).to.deep.equal([
          'Đăng ký làm thêm giờ · Cập nhật 01/01/2026Làm thêm 09/03/2026Từ chối',
          'Đơn xin nghỉ · Cập nhật 01/01/2026Nghỉ phép 20/04/2026Chờ phê duyệt',
          'Đơn xin nghỉ · Cập nhật 01/01/2026Nghỉ phép 05/03–06/03/2026Đã phê duyệt',
        ]),
      );
      expect(links[2]?.getAttribute('href')).to.match(/^\/tm\/application-leave\/[0-9a-f-]+\/detail$/);
      const asked = api.calls.find((call) => call.path === leaveApplicationContract.apiPath);
      expect(asked?.query.get('workerId')).to.equal(WORKER_ID);
      await waitFor(() => expect(settled()).to.equal(true));
      expect(overflowing()).to.deep.equal([]);
      expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    });
  }).timeout(30_000);

  it('moves to the previous month and back on a desktop screen', async () => {
    await atWidth('1280px', async () => {
      openPath('/tm/my-timekeeping?month=2026-03');
      renderUi(<TimekeepingRouter />);
      await screen.findByRole('table', { name: 'Lịch công tháng 03/2026' });
      screen.getByRole('button', { name: 'Tháng trước' }).click();
      const february = await screen.findByRole('table', { name: 'Lịch công tháng 02/2026' });
      expect(within(february).getAllByRole('button')).to.have.length(28);
      within(february).getByRole('button', { name: 'Chủ Nhật, 01/02: chưa có công' });
      expect(new URLSearchParams(window.location.search).get('month')).to.equal('2026-02');
      screen.getByRole('button', { name: 'Tháng sau' }).click();
      await screen.findByRole('table', { name: 'Lịch công tháng 03/2026' });
      await screen.findByRole('region', { name: 'Phép năm 2026' });
      await waitFor(() => expect(settled()).to.equal(true));
      expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    });
  }).timeout(30_000);

  it('speaks English when the user chose it', async () => {
    await setLanguage('en');
    openPath('/tm/my-timekeeping?month=2026-03');
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'My timekeeping' });
    const calendar = await screen.findByRole('table', { name: 'Days of 03/2026' });
    within(calendar).getByRole('button', { name: 'Thursday, 05/03: P' });
    const balance = await screen.findByRole('region', { name: 'Annual leave 2026' });
    within(balance).getByText('10.5 days');
    within(screen.getByRole('region', { name: 'New request' })).getByRole('link', {
      name: /Leave application/,
    });
    within(screen.getByRole('region', { name: 'Symbols this month' })).getByText('Paid leave');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  }).timeout(30_000);

  it('says so when the account has no employee record', async () => {
    linked = false;
    openPath('/tm/my-timekeeping');
    renderUi(<TimekeepingRouter />);
    await screen.findByText(/chưa được gắn với hồ sơ nhân viên/);
    expect(screen.queryByRole('region', { name: 'Tạo đơn' })).to.equal(null);
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  }).timeout(30_000);
});

/** Another month with nothing written: its own days, every column empty. */
function emptied(month: string) {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(year, number, 0)).getUTCDate();
  const days = Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
  const none = days.map(() => -1);
  const zero = days.map(() => 0);
  return {
    days,
    dayTypes: days.map(() => null),
    columns: {
      symbol: none,
      outcome: none,
      dayType: none,
      shiftCode: none,
      pairs: days.map(() => null),
      workedMinutes: zero,
      lateMinutes: zero,
      earlyMinutes: zero,
      overtimeMinutes: zero,
      nightMinutes: zero,
      paidUnits: zero,
      flags: zero,
      held: [],
      corrections: [],
    },
  };
}
