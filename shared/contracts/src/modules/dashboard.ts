import Type from 'typebox';
import { label, type Label } from '../resource/label.ts';
import type { HeadCountDimension } from './worker-statistics.ts';

/*
 * The dashboards (issue 27 item 4): one summary call per kind of user, each number computed on
 * the server in a few indexed statements, within the caller's tenant (RLS) and data scope.
 * - a tenant user: GET /api/om/dashboard — the sections the caller's rights allow (HR numbers,
 *   requests awaiting them, their own requests, and the workforce statistics: each head count
 *   card's bars and the year's joiners and leavers, issue 29 part 4: the whole page in one
 *   call); an employee gets only their own requests. The tenant- and scope-wide numbers are kept by the
 *   server until a change of what they count (docs/employees.md "Worker statistics");
 * - a system user: GET /api/system/dashboard — tenants, licences about to end (with the public
 *   GET /api/health beside it).
 * The shell decides from the session's rights which of the two it calls: never a forbidden one.
 */

export const TENANT_DASHBOARD_PATH = '/api/om/dashboard';
export const SYSTEM_DASHBOARD_PATH = '/api/system/dashboard';

/**
 * How far ahead the system dashboard looks for licences that end. The tenant dashboard's contract
 * cards look as far ahead as the tenant's expiry notices (contractExpiryNoticeDays, default 30).
 */
export const DASHBOARD_HORIZON_DAYS = 30;
/** The contract type code of a probation agreement (the starter catalogue's, Labour Code 2019 art. 24). */
export const PROBATION_CONTRACT_TYPE_CODE = 'PROBATION';
/** People listed on a birthday or anniversary card before "and n more". */
export const DASHBOARD_PEOPLE_MAX = 20;

const Day = Type.String({ format: 'date' });
const Id = Type.String({ format: 'uuid' });
const Count = Type.Integer({ minimum: 0 });

/** A record kind the caller may list, and its list's portal route (for links). */
const RecordKind = Type.Object({
  /** the approval engine's record type, e.g. 'om/contracts' */
  recordType: Type.String(),
  /** the list page, e.g. '/om/contract' (null: the caller may not open that list) */
  route: Type.Union([Type.String(), Type.Null()]),
  title: Type.String(),
  count: Count,
});
export type DashboardRecordKind = Type.Static<typeof RecordKind>;

const Person = Type.Object({
  id: Id,
  code: Type.String(),
  fullName: Type.String(),
  /** the day this month (birthday or joining anniversary) */
  day: Day,
  /** the age reached, or the years of service completed, on that day */
  years: Type.Integer({ minimum: 0 }),
});
export type DashboardPerson = Type.Static<typeof Person>;

const People = Type.Object({ total: Count, people: Type.Array(Person) });

const HeadCountRows = Type.Array(
  Type.Object({
    /**
     * the value counted by (a unit's, a title's… id; a gender), null: not set; OTHERS_KEY
     * ('__others'): the rows past the shown bars, summed (@hcm/contracts/worker-statistics topRows)
     */
    key: Type.Union([Type.String(), Type.Null()]),
    name: Type.String(),
    count: Count,
  }),
);
const HeadCounts = Type.Object({
  organization: HeadCountRows,
  contractType: HeadCountRows,
  jobTitle: HeadCountRows,
  natureOfWork: HeadCountRows,
  subjectOfLabor: HeadCountRows,
  responsibility: HeadCountRows,
  gender: HeadCountRows,
} satisfies Record<HeadCountDimension, unknown>);

/**
 * The workforce statistics (docs/employees.md "Worker statistics"): the employees at work, their
 * number and the bars of each dimension's card (most first: the first HEAD_COUNT_BARS - 1 and
 * the rest summed in one OTHERS_KEY row, @hcm/contracts/worker-statistics topRows), and the
 * joiners and leavers of each month of `year`, within the caller's data scope and, with
 * `organizationUnitId`, that unit and the units below it. The dashboard's answer carries them for
 * the whole scope and this year; GET /api/om/worker-statistics/summary answers them for a unit
 * and a year (one call for every card). Every row of a dimension: GET
 * /api/om/worker-statistics/head-count and the workbook export.
 */
export const WorkforceStatistics = Type.Object({
  year: Type.Integer({ minimum: 2000, maximum: 2100 }),
  organizationUnitId: Type.Union([Id, Type.Null()]),
  /** the employees at work counted (what each dimension's rows add up to) */
  headCount: Count,
  /** each dimension's shown bars (at most HEAD_COUNT_BARS) */
  headCounts: HeadCounts,
  fluctuation: Type.Array(
    Type.Object({
      month: Type.Integer({ minimum: 1, maximum: 12 }),
      joined: Count,
      left: Count,
    }),
  ),
});
export type WorkforceStatistics = Type.Static<typeof WorkforceStatistics>;

export const TenantDashboard = Type.Object({
  /** the server's today (Vietnam), from its clock */
  today: Day,
  /**
   * how many days ahead the contract cards look: the tenant's contract expiry notice days
   * (contractExpiryNoticeDays, default 30), as the expiry notices and GET /api/om/contracts/expiring
   */
  horizonDays: Type.Integer({ minimum: 0 }),
  /** today + horizonDays: the last day the contract cards look at */
  horizon: Day,
  /** the first and last day of this month */
  monthStart: Day,
  monthEnd: Day,
  /** records awaiting the caller's approval, by kind (kinds with none left out) */
  awaitingMe: Type.Array(RecordKind),
  /** the caller's own requests still in approval, by kind */
  myRequests: Type.Array(RecordKind),
  /**
   * with contract.view: contracts awaiting renewal (the contract list's renewalDue: signed main
   * contracts not yet followed by another) that end between today and the horizon, as the expiry
   * notices count them, and the probations among them
   */
  contracts: Type.Union([
    Type.Object({
      expiring: Count,
      probationEnding: Count,
      /** the probation contract type (null: the tenant has none) */
      probationTypeId: Type.Union([Id, Type.Null()]),
    }),
    Type.Null(),
  ]),
  /**
   * with worker.view: people at work in the caller's data scope (their number by unit: the
   * statistics' organization bars)
   */
  workforce: Type.Union([
    Type.Object({
      headCount: Count,
      joiners: Count,
      birthdays: People,
      anniversaries: People,
    }),
    Type.Null(),
  ]),
  /**
   * with resignation.view: the people who leave this month, as the resignation list counts them
   * (approvalStatus APPROVED, effective date from monthStart to monthEnd, the caller's data
   * scope); null without it (the card is not shown: a 0 would claim nobody left)
   */
  leavers: Type.Union([Count, Type.Null()]),
  /**
   * with worker.view: the workforce statistics of the whole data scope and this year (today's
   * year in Vietnam); null without it (the shell shows no statistics)
   */
  statistics: Type.Union([WorkforceStatistics, Type.Null()]),
});
export type TenantDashboard = Type.Static<typeof TenantDashboard>;

const TenantRow = Type.Object({
  id: Id,
  code: Type.String(),
  name: Type.String(),
  /** the end of its latest subscription (null: it never had one) */
  endsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type DashboardTenantRow = Type.Static<typeof TenantRow>;

export const SystemDashboard = Type.Object({
  today: Day,
  horizon: Day,
  tenants: Type.Object({ total: Count, active: Count, suspended: Count, inactive: Count }),
  /** tenants whose current subscription ends before the horizon, soonest first */
  licencesEnding: Type.Array(TenantRow),
  /** active tenants with no subscription in force today */
  unlicensed: Type.Array(TenantRow),
});
export type SystemDashboard = Type.Static<typeof SystemDashboard>;

const l = (key: string, vi: string, en: string): Label => label(`dashboard.${key}`, vi, en);

/** Every text of the dashboards' cards, in both languages. */
export const DashboardLabels = {
  numbers: l('numbers', 'Việc cần làm hôm nay', 'What needs doing today'),
  awaitingMe: l('awaitingMe', 'Chờ tôi duyệt', 'Awaiting my approval'),
  /** the list card beside the number: the same requests by kind, under a title of its own */
  awaitingMeByKind: l('awaitingMeByKind', 'Chờ tôi duyệt theo loại', 'Awaiting my approval, by kind'),
  noneAwaiting: l('noneAwaiting', 'Không có yêu cầu nào chờ bạn duyệt.', 'Nothing awaits your approval.'),
  myRequests: l('myRequests', 'Yêu cầu của tôi đang chờ duyệt', 'My requests in approval'),
  noRequests: l('noRequests', 'Bạn không có yêu cầu nào đang chờ duyệt.', 'You have no request in approval.'),
  // {{days}}: the tenant's contract expiry notice days (TenantDashboard.horizonDays)
  contractsExpiring: l(
    'contractsExpiring',
    'Hợp đồng hết hạn trong {{days}} ngày',
    'Contracts ending in {{days}} days',
  ),
  probationEnding: l(
    'probationEnding',
    'Hết thử việc trong {{days}} ngày',
    'Probations ending in {{days}} days',
  ),
  headCount: l('headCount', 'Nhân viên đang làm việc', 'Employees at work'),
  joiners: l('joiners', 'Vào làm tháng này', 'Joined this month'),
  leavers: l('leavers', 'Nghỉ việc tháng này', 'Left this month'),
  byUnit: l('byUnit', 'Nhân sự theo đơn vị', 'Head count by unit'),
  otherUnits: l('otherUnits', 'Các đơn vị khác', 'Other units'),
  birthdays: l('birthdays', 'Sinh nhật tháng này', 'Birthdays this month'),
  anniversaries: l('anniversaries', 'Kỷ niệm ngày vào làm tháng này', 'Work anniversaries this month'),
  noBirthdays: l('noBirthdays', 'Không có sinh nhật nào trong tháng.', 'No birthday this month.'),
  noAnniversaries: l('noAnniversaries', 'Không có kỷ niệm nào trong tháng.', 'No anniversary this month.'),
  noEmployees: l('noEmployees', 'Chưa có nhân viên nào đang làm việc.', 'No employee at work yet.'),
  age: l('age', '{{years}} tuổi', '{{years}} years old'),
  serviceYears: l('serviceYears', '{{years}} năm', '{{years}} years'),
  more: l('more', 'và {{count}} người khác', 'and {{count}} more'),
  zeroNote: l('zeroNote', 'Không có', 'None'),
  notices: l('notices', 'Thông báo của tôi', 'My notices'),
  noNotices: l('noNotices', 'Bạn không có thông báo nào.', 'You have no notice.'),
  unread: l('unread', '{{count}} chưa đọc', '{{count}} unread'),
  allNotices: l('allNotices', 'Xem tất cả thông báo', 'See every notice'),
  failed: l(
    'failed',
    'Không tải được số liệu. Hãy thử tải lại trang.',
    'The numbers could not be loaded. Try reloading the page.',
  ),
  noMonthData: l(
    'noMonthData',
    'Chưa có ai vào làm hay nghỉ việc trong năm này.',
    'Nobody joined or left in this year.',
  ),
  // the system administrator's
  tenants: l('tenants', 'Khách hàng (tenant)', 'Tenants'),
  tenantsActive: l('tenantsActive', 'Khách hàng đang hoạt động', 'Active tenants'),
  tenantsSuspended: l('tenantsSuspended', 'Khách hàng tạm ngừng', 'Suspended tenants'),
  tenantsInactive: l('tenantsInactive', 'Ngừng hoạt động', 'Inactive'),
  noTenants: l('noTenants', 'Chưa có khách hàng nào.', 'No tenant yet.'),
  licencesEnding: l('licencesEnding', 'Gói dịch vụ sắp hết hạn (30 ngày)', 'Licences ending in 30 days'),
  noLicencesEnding: l(
    'noLicencesEnding',
    'Không có gói dịch vụ nào sắp hết hạn.',
    'No licence ends in the next 30 days.',
  ),
  unlicensed: l(
    'unlicensed',
    'Khách hàng chưa có gói dịch vụ hiệu lực',
    'Active tenants without a licence in force',
  ),
  noUnlicensed: l(
    'noUnlicensed',
    'Mọi khách hàng đang hoạt động đều có gói dịch vụ.',
    'Every active tenant has a licence in force.',
  ),
  endsOn: l('endsOn', 'hết hạn {{date}}', 'ends {{date}}'),
  health: l('health', 'Tình trạng hệ thống', 'System health'),
  healthUp: l('healthUp', 'Hoạt động bình thường', 'Working normally'),
  healthDown: l('healthDown', 'Có sự cố', 'Something is wrong'),
  healthUnknown: l(
    'healthUnknown',
    'Không kiểm tra được tình trạng hệ thống.',
    'The health check did not answer.',
  ),
  database: l('database', 'Cơ sở dữ liệu', 'Database'),
  version: l('version', 'Phiên bản', 'Version'),
  uptime: l('uptime', 'Thời gian chạy', 'Up for'),
} as const;
