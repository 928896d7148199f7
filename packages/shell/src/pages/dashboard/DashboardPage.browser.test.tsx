import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiPaths, type Profile } from '@hcm/contracts';
import {
  SYSTEM_DASHBOARD_PATH,
  TENANT_DASHBOARD_PATH,
  type SystemDashboard,
  type TenantDashboard,
} from '@hcm/contracts/dashboard';
import { MY_NOTIFICATIONS_PATHS } from '@hcm/contracts/notifications';
import {
  HEAD_COUNT_BARS,
  HEAD_COUNT_DIMENSIONS,
  OTHERS_KEY,
  WORKER_STATISTICS_PATH,
  WORKER_STATISTICS_SUMMARY_PATH,
} from '@hcm/contracts/worker-statistics';
import { afterEach, describe, it } from '../../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../../shared/ui/src/testing/axe.ts';
import {
  healthyIam,
  hrAdminProfile,
  type FakeApi,
} from '../../../../../shared/session/src/testing/fake-iam.ts';
import {
  currentPath,
  prepareShell,
  renderShellAt,
  resetShell,
  signInAsHrAdmin,
} from '../../testing/shell-fixture.tsx';

const ALL_MODULES = ['/om', '/kpi', '/tm', '/pm', '/setting', '/system'];

const withPermissions = (grantedPermissions: string[]): Profile => ({
  ...hrAdminProfile,
  userPrimary: { isRoot: false, grantedPermissions, userLevel: 'TENANT' },
});

async function openDashboard(profile: Profile) {
  await prepareShell(healthyIam(undefined, profile));
  await signInAsHrAdmin();
  renderShellAt('/dashboard', { moduleRoutePrefixes: ALL_MODULES });
  await screen.findByRole('heading', { level: 1, name: `Xin chào, ${profile.fullName}!` });
}

const quickLinks = () => screen.getByRole('region', { name: 'Truy cập nhanh' });

describe('dashboard', () => {
  afterEach(resetShell);

  it('links to what the user may open, one tile per menu group', async () => {
    await openDashboard(withPermissions(['worker.view', 'contract.view', 'leave_request.view']));
    const tiles = within(quickLinks()).getAllByRole('heading', { level: 3 });
    expect(tiles.map((h) => h.textContent)).to.deep.equal(['Tổ chức', 'Chấm công', 'Thông báo nội bộ']);
    const links = within(quickLinks()).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).to.deep.equal([
      ['Danh sách nhân viên', '/om/employee'],
      ['Hợp đồng', '/om/contract'],
      ['Chấm công', '/tm/check-in'],
      ['Công của tôi', '/tm/my-timekeeping'],
      ['Đơn nghỉ phép', '/tm/application-leave'],
      ['Thông báo của tôi', '/notification/notification-me'],
    ]);
    await userEvent.setup().click(links[1] as HTMLElement);
    await waitFor(() => expect(currentPath()).to.equal('/om/contract'));
  });

  it('leads a user with no authority yet to their own notifications, and keeps a labelled place for the statistics', async () => {
    await openDashboard(withPermissions([]));
    const links = within(quickLinks()).getAllByRole('link');
    // and to their own check-in and month, which every tenant user has (docs/check-in.md,
    // docs/my-timekeeping.md)
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal([
      '/tm/check-in',
      '/tm/my-timekeeping',
      '/notification/notification-me',
    ]);
    const statistics = screen.getByRole('region', { name: 'Số liệu tổ chức' });
    // No made-up figures: it says what will come.
    expect(statistics.textContent).to.contain('phân hệ Tổ chức');
    expect(/\d/.test(statistics.textContent ?? '')).to.equal(false);
  });
});

// ---- the numbers to act on (issue 27 item 4) ----

const TODAY = '2026-12-06';
const HORIZON = '2027-01-05';
/** the tenant's contract expiry notice days, and the contract cards' last day */
const NOTICE_DAYS = 45;
const NOTICE_HORIZON = '2027-01-20';

const hrSummary = (over: Partial<TenantDashboard> = {}): TenantDashboard => ({
  today: TODAY,
  horizonDays: NOTICE_DAYS,
  horizon: NOTICE_HORIZON,
  monthStart: '2026-12-01',
  monthEnd: '2026-12-31',
  awaitingMe: [{ recordType: 'om/contracts', route: '/om/contract', title: 'Hợp đồng', count: 2 }],
  myRequests: [],
  contracts: { expiring: 3, probationEnding: 0, probationTypeId: 'type-probation' },
  workforce: {
    headCount: 12,
    joiners: 1,
    birthdays: {
      total: 1,
      people: [{ id: 'w-1', code: 'NV0001', fullName: 'Nguyễn Thị Lan', day: '2026-12-09', years: 30 }],
    },
    anniversaries: { total: 0, people: [] },
  },
  leavers: 2,
  statistics: {
    year: 2026,
    organizationUnitId: null,
    headCount: 12,
    headCounts: {
      ...(Object.fromEntries(HEAD_COUNT_DIMENSIONS.map((dimension) => [dimension, []])) as Record<
        (typeof HEAD_COUNT_DIMENSIONS)[number],
        []
      >),
      organization: [{ key: 'unit-1', name: 'Phòng Nhân sự', count: 12 }],
      gender: [
        { key: 'FEMALE', name: 'Nữ', count: 7 },
        { key: 'MALE', name: 'Nam', count: 5 },
      ],
    },
    fluctuation: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, joined: 0, left: 0 })),
  },
  ...over,
});

const emptyInbox = { status: 200, body: { data: [], page: { pageIndex: 1, pageSize: 5, total: 0 } } };

function tenantApi(profile: Profile, summary: TenantDashboard) {
  return healthyIam(undefined, profile)
    .on('GET', TENANT_DASHBOARD_PATH, () => ({ status: 200, body: { data: summary } }))
    .on('GET', MY_NOTIFICATIONS_PATHS.list, () => emptyInbox)
    .on('GET', MY_NOTIFICATIONS_PATHS.countUnread, () => ({ status: 200, body: { data: 0 } }));
}

/** What the page asked of the organisation service (the dashboard's numbers and statistics). */
const omCalls = (api: FakeApi) =>
  api.calls.filter((call) => call.path.startsWith('/api/om/')).map((call) => call.path);

async function showDashboard(api: FakeApi, profile: Profile) {
  await prepareShell(api);
  await signInAsHrAdmin();
  renderShellAt('/dashboard', { moduleRoutePrefixes: ALL_MODULES });
  await screen.findByRole('heading', { level: 1, name: `Xin chào, ${profile.fullName}!` });
}

const card = (slot: string) => document.querySelector(`[data-slot="${slot}"]`) as HTMLElement;
const queryOf = (href: string | null) =>
  JSON.parse(new URL(href ?? '', window.location.origin).searchParams.get('q') ?? '{}') as Record<
    string,
    unknown
  >;

describe('dashboard numbers', () => {
  afterEach(resetShell);

  it('shows HR a row of numbers, each linked to the list it counts, and says "none" rather than 0', async () => {
    const hr = withPermissions(['worker.view', 'contract.view', 'resignation.view']);
    const api = tenantApi(hr, hrSummary());
    await showDashboard(api, hr);
    await waitFor(() => expect(card('contracts-expiring')).to.exist);
    // as far ahead as the tenant's expiry notices, and only the contracts awaiting renewal
    const expiring = within(card('contracts-expiring')).getByRole('link', {
      name: 'Hợp đồng hết hạn trong 45 ngày: 3',
    });
    const range = queryOf(expiring.getAttribute('href'));
    expect(range).to.deep.equal({ renewalDue: 'true', expiryDateFrom: TODAY, expiryDateTo: NOTICE_HORIZON });
    expect(card('probation-ending').textContent).to.contain('Hết thử việc trong 45 ngày');
    // the month's leavers lead to the approved resignations taking effect this month
    const leavers = within(card('leavers')).getByRole('link', { name: 'Nghỉ việc tháng này: 2' });
    expect(leavers.getAttribute('href')?.startsWith('/om/quit-job?q=')).to.equal(true);
    expect(queryOf(leavers.getAttribute('href'))).to.deep.equal({
      approvalStatus: 'APPROVED',
      effectiveDateFrom: '2026-12-01',
      effectiveDateTo: '2026-12-31',
    });
    expect(card('probation-ending').textContent).to.contain('Không có');
    expect(within(card('probation-ending')).queryByRole('link')).to.equal(null);
    const waiting = within(card('awaiting-me')).getByRole('link', { name: 'Chờ tôi duyệt: 2' });
    expect(waiting.getAttribute('href')?.startsWith('/om/contract?q=')).to.equal(true);
    expect(queryOf(waiting.getAttribute('href'))).to.deep.equal({ approvalStatus: 'WAIT_MY_APPROVE' });
    // the list beside the number says what it adds (by kind) instead of repeating its title
    expect(screen.getAllByText('Chờ tôi duyệt', { exact: true })).to.have.length(1);
    expect(card('awaiting-me-kinds').textContent).to.contain('Chờ tôi duyệt theo loại');
    expect(card('birthdays').textContent).to.contain('Nguyễn Thị Lan');
    expect(card('birthdays').textContent).to.contain('09/12 · 30 tuổi');
    expect(card('anniversaries').textContent).to.contain('Không có kỷ niệm nào trong tháng.');
    expect(card('my-requests').textContent).to.contain('Bạn không có yêu cầu nào đang chờ duyệt.');
    await waitFor(() => expect(card('notices').textContent).to.contain('Bạn không có thông báo nào.'));
    // the monthly chart of a year with nobody in or out says so
    expect(
      (await screen.findByText('Chưa có ai vào làm hay nghỉ việc trong năm này.')).dataset.slot,
    ).to.equal('no-month-data');
    // the statistics' cards drawn from the same answer
    const byGender = await screen.findByRole('region', { name: 'Theo giới tính' });
    expect(
      within(byGender)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).to.deep.equal(['Nữ7', 'Nam5']);
    expect(await accessibilityViolations(screen.getByRole('main'))).to.deep.equal([]);
    // the whole page's numbers and statistics: one call
    expect(omCalls(api)).to.deep.equal([TENANT_DASHBOARD_PATH]);
    await userEvent.setup().click(expiring);
    await waitFor(() => expect(currentPath().startsWith('/om/contract?q=')).to.equal(true));
  });

  it('draws the bars the answer carries: the largest units linked, the rest summed and not clickable', async () => {
    const hr = withPermissions(['worker.view']);
    // a tenant of many units: the server answers the first bars and one row summing the rest
    const units = Array.from({ length: HEAD_COUNT_BARS - 1 }, (_, i) => ({
      key: `unit-${i + 1}`,
      name: `Phòng ${i + 1}`,
      count: 100 - i,
    }));
    const organization = [...units, { key: OTHERS_KEY, name: 'Others', count: 1_250 }];
    const headCount = organization.reduce((sum, row) => sum + row.count, 0);
    const whole = hrSummary().statistics;
    if (!whole) throw new Error('no statistics');
    const api = tenantApi(
      hr,
      hrSummary({
        workforce: { ...(hrSummary().workforce as NonNullable<TenantDashboard['workforce']>), headCount },
        statistics: { ...whole, headCount, headCounts: { ...whole.headCounts, organization } },
      }),
    );
    await showDashboard(api, hr);
    // the summary's unit card: each unit linked to its record, the rest as "other units"
    await waitFor(() => expect(card('by-unit')).to.exist);
    const listed = within(card('by-unit')).getAllByRole('listitem');
    expect(listed.map((item) => item.textContent)).to.deep.equal([
      ...units.map((unit) => `${unit.name}${unit.count}`),
      'Các đơn vị khác1.250',
    ]);
    expect(within(card('by-unit')).getAllByRole('link')).to.have.length(HEAD_COUNT_BARS - 1);
    expect(within(listed.at(-1) as HTMLElement).queryByRole('link')).to.equal(null);
    // the statistics' unit card: the same bars, the rest named in the page's language, not a button
    const byUnit = await screen.findByRole('region', { name: 'Theo đơn vị' });
    expect(
      within(byUnit)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).to.deep.equal([...units.map((unit) => `${unit.name}${unit.count}`), 'Khác1.250']);
    expect(within(byUnit).getAllByRole('button')).to.have.length(HEAD_COUNT_BARS - 1);
    // the total is the answer's, not a sum of bars
    expect(screen.getAllByText(`${headCount} nhân viên đang làm việc`)).to.have.length(1);
    expect(await accessibilityViolations(screen.getByRole('main'))).to.deep.equal([]);
    expect(omCalls(api)).to.deep.equal([TENANT_DASHBOARD_PATH]);
  });

  it('gives an employee their requests and notices, and no HR card', async () => {
    const employee = withPermissions([]);
    const api = tenantApi(
      employee,
      hrSummary({
        awaitingMe: [],
        myRequests: [{ recordType: 'om/rewards', route: null, title: 'Khen thưởng', count: 1 }],
        contracts: null,
        workforce: null,
        leavers: null,
      }),
    );
    await showDashboard(api, employee);
    await waitFor(() => expect(card('my-requests').textContent).to.contain('Khen thưởng'));
    expect(card('awaiting-me').textContent).to.contain('Không có');
    expect(card('contracts-expiring')).to.equal(null);
    expect(card('head-count')).to.equal(null);
    expect(card('leavers')).to.equal(null);
    expect(omCalls(api)).to.deep.equal([TENANT_DASHBOARD_PATH]);
    expect(await accessibilityViolations(screen.getByRole('main'))).to.deep.equal([]);
  });

  it('narrows every statistics card to a unit, or moves them to another year, with one call each', async () => {
    const hr = withPermissions(['worker.view']);
    const narrowed = hrSummary().statistics;
    if (!narrowed) throw new Error('no statistics');
    const api = tenantApi(hr, hrSummary()).on('GET', WORKER_STATISTICS_SUMMARY_PATH, (call) => ({
      status: 200,
      body: {
        data: {
          ...narrowed,
          year: Number(call.query.get('year')),
          organizationUnitId: call.query.get('organizationUnitId'),
          headCounts: {
            ...narrowed.headCounts,
            gender: [{ key: 'FEMALE', name: 'Nữ', count: 3 }],
          },
        },
      },
    }));
    await showDashboard(api, hr);
    const byUnit = await screen.findByRole('region', { name: 'Theo đơn vị' });
    await userEvent
      .setup()
      .click(within(byUnit).getByRole('button', { name: 'Chỉ xem Phòng Nhân sự và các đơn vị trực thuộc' }));
    const byGender = screen.getByRole('region', { name: 'Theo giới tính' });
    await waitFor(() => expect(byGender.textContent).to.contain('Nữ3'));
    expect(api.callsTo(WORKER_STATISTICS_SUMMARY_PATH).map((call) => call.query.toString())).to.deep.equal([
      'year=2026&organizationUnitId=unit-1',
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Năm trước' }));
    await screen.findByRole('region', { name: 'Biến động nhân sự theo tháng 2025' });
    await waitFor(() => expect(api.callsTo(WORKER_STATISTICS_SUMMARY_PATH)).to.have.length(2));
    expect(api.lastQuery(WORKER_STATISTICS_SUMMARY_PATH)?.get('year')).to.equal('2025');
    expect(omCalls(api).filter((path) => path === TENANT_DASHBOARD_PATH)).to.have.length(1);
    expect(
      omCalls(api).filter((path) => path.includes('/head-count') || path.includes('/fluctuation')),
    ).to.deep.equal([]);
  });

  it('gives the system administrator tenants, licences and health with no forbidden call', async () => {
    const root: Profile = {
      ...hrAdminProfile,
      fullName: 'Quản trị hệ thống',
      tenantId: null,
      tenantName: null,
      userPrimary: { isRoot: true, grantedPermissions: [], userLevel: 'SYSTEM' },
    };
    let forbidden = 0;
    const refuse = () => {
      forbidden += 1;
      return { status: 403, body: { code: 'FORBIDDEN', message: 'sign in as a tenant user' } };
    };
    const api = healthyIam(undefined, root)
      .on('GET', SYSTEM_DASHBOARD_PATH, () => ({
        status: 200,
        body: {
          data: {
            today: TODAY,
            horizon: HORIZON,
            tenants: { total: 3, active: 2, suspended: 1, inactive: 0 },
            licencesEnding: [
              { id: 't-2', code: 'MINHAN', name: 'Công ty Minh An', endsAt: '2026-12-20T00:00:00.000Z' },
            ],
            unlicensed: [],
          } satisfies SystemDashboard,
        },
      }))
      .on('GET', ApiPaths.health, () => ({
        status: 200,
        body: {
          data: {
            status: 'ok',
            database: { engine: 'postgresql', serverVersion: '15.8' },
            migration: { version: 48, name: 'document_renditions' },
            uptimeSeconds: 90_061,
          },
        },
      }));
    // what a system user's token is refused by the real server: a tenant's lists and numbers
    for (const path of [
      TENANT_DASHBOARD_PATH,
      `${WORKER_STATISTICS_PATH}/head-count`,
      `${WORKER_STATISTICS_PATH}/fluctuation`,
      WORKER_STATISTICS_SUMMARY_PATH,
      '/api/om/workers',
      '/api/om/contracts',
    ])
      api.on('GET', path, refuse);
    await showDashboard(api, root);
    await waitFor(() => expect(card('tenants')).to.exist);
    expect(within(card('tenants-suspended')).getByRole('link').getAttribute('href')).to.equal(
      `/system/tenant?q=${encodeURIComponent('{"status":"SUSPENDED"}')}`,
    );
    expect(card('licences-ending-list').textContent).to.contain('Công ty Minh An');
    expect(card('licences-ending-list').textContent).to.contain('hết hạn 20/12/2026');
    expect(card('unlicensed').textContent).to.contain('Mọi khách hàng đang hoạt động đều có gói dịch vụ.');
    await waitFor(() => expect(card('health').textContent).to.contain('Hoạt động bình thường'));
    expect(card('health').textContent).to.contain('1d 1h 1m');
    expect(screen.queryByRole('region', { name: 'Số liệu tổ chức' })).to.equal(null);
    expect(forbidden).to.equal(0);
    expect(api.calls.filter((call) => call.path.startsWith('/api/om/'))).to.have.length(0);
    expect(await accessibilityViolations(screen.getByRole('main'))).to.deep.equal([]);
  });

  it('asks nothing of the tenants for a system user without the right to see them', async () => {
    const helpdesk: Profile = {
      ...hrAdminProfile,
      fullName: 'Hỗ trợ',
      tenantId: null,
      tenantName: null,
      userPrimary: { isRoot: false, grantedPermissions: [], userLevel: 'SYSTEM' },
    };
    const api = healthyIam(undefined, helpdesk).on('GET', ApiPaths.health, () => ({
      status: 503,
      body: { code: 'DATABASE_UNAVAILABLE', message: 'down' },
    }));
    await showDashboard(api, helpdesk);
    await waitFor(() =>
      expect(card('health').textContent).to.contain('Không kiểm tra được tình trạng hệ thống.'),
    );
    expect(api.callsTo(SYSTEM_DASHBOARD_PATH)).to.have.length(0);
    expect(card('tenants')).to.equal(null);
  });
});
