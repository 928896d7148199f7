import Type from 'typebox';
import { label, type Label } from '../resource/label.ts';

/*
 * Timekeeping › Troop report and the timekeeping reports of catalogues §7.5 (issue 30 item 9;
 * docs/timekeeping-reports.md): read from the day records the timesheet engine writes, by unit
 * (with the units below it) and day or period, within the caller's data scope.
 */

const BASE = '/api/tm/reports';
export const TimekeepingReportPaths = {
  /** one day, by unit: on the roll, present, late, on leave, absent… (`?organizationUnitId=&date=`) */
  troop: `${BASE}/troop`,
  /** the names behind one figure of the troop report (`&status=` or `&mark=`) */
  troopWorkers: `${BASE}/troop/workers`,
  /** the troop report's figures for every day of a period (daily worker number) */
  dailyWorkers: `${BASE}/daily-workers`,
  /** workers by how many times they came late / left early in the period (1…6, 6 = six or more) */
  lateEarly: `${BASE}/late-early`,
  /** the workers behind the frequency, most often first */
  lateEarlyWorkers: `${BASE}/late-early/workers`,
  /** worked and overtime hours by day or month, and by unit */
  workingHours: `${BASE}/working-hours`,
  /** night work and night overtime by day or month, and by unit */
  nightHours: `${BASE}/night-working-hours`,
} as const;

/** The page route: the troop report, its other reports as tabs below it. */
export const TROOP_REPORT_ROUTE = '/tm/troop-report';
export const TIMEKEEPING_REPORT_TABS = [
  'troop',
  'daily-workers',
  'late-early',
  'working-hours',
  'night-hours',
  // overtime registered vs worked (modules/overtime-registrations.ts, OVERTIME_REPORT_PATH)
  'overtime',
  // leave statistics by month, unit and type (modules/leave-statistics.ts)
  'leave-statistics',
] as const;
export type TimekeepingReportTab = (typeof TIMEKEEPING_REPORT_TABS)[number];

/** Either may read the reports (the menu entry's authorities, catalogues §6). */
export const TIMEKEEPING_REPORT_PERMISSIONS = ['timesheet.view', 'timekeeping.view'] as const;
export const TIMEKEEPING_REPORT_EXPORT_PERMISSIONS = ['timesheet.export', 'timekeeping.export'] as const;

export const TimekeepingReportLimits = {
  /** the longest period a report covers, in days (a leap year) */
  periodMaxDays: 366,
  /** the last group of the late/early frequency: "six or more" (catalogues §9) */
  frequencyGroups: 6,
  pageSizeDefault: 25,
  pageSizeMax: 100,
} as const;

/**
 * What a worker on the roll was on a day, one of these (docs/timekeeping-reports.md): present
 * (punched, whether complete or not), away working (business trip, conference: a worked day with
 * no punch), on paid or unpaid leave, absent without reason, a day off (weekly rest, holiday),
 * or no record yet (not checked in this morning; no shift or nothing computed on a past day).
 */
export const TROOP_STATUSES = [
  'PRESENT',
  'BUSINESS_TRIP',
  'PAID_LEAVE',
  'UNPAID_LEAVE',
  'ABSENT',
  'DAY_OFF',
  'NOT_CHECKED_IN',
] as const;
export type TroopStatus = (typeof TROOP_STATUSES)[number];
/** Marks on top of the status: late (present and late beyond the tolerance), a punch missing. */
export const TROOP_MARKS = ['LATE', 'MISSING_PUNCH'] as const;
export type TroopMark = (typeof TROOP_MARKS)[number];

const Count = Type.Integer({ minimum: 0 });
const Minutes = Type.Integer({ minimum: 0 });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** The figures of a troop report row: the statuses add up to onRoll. */
export const TroopCounts = Type.Object({
  onRoll: Count,
  present: Count,
  late: Count,
  missingPunch: Count,
  businessTrip: Count,
  paidLeave: Count,
  unpaidLeave: Count,
  absent: Count,
  dayOff: Count,
  notCheckedIn: Count,
});
export type TroopCounts = Type.Static<typeof TroopCounts>;
/** The counts' keys in the order the tables show them. */
export const TROOP_COUNT_KEYS = [
  'onRoll',
  'present',
  'late',
  'missingPunch',
  'businessTrip',
  'paidLeave',
  'unpaidLeave',
  'absent',
  'dayOff',
  'notCheckedIn',
] as const satisfies readonly (keyof TroopCounts)[];
export type TroopCountKey = (typeof TROOP_COUNT_KEYS)[number];
/** Which status or mark a count's names are (onRoll: every status). */
export const TROOP_COUNT_FILTER: Readonly<Record<TroopCountKey, TroopStatus | TroopMark | null>> = {
  onRoll: null,
  present: 'PRESENT',
  late: 'LATE',
  missingPunch: 'MISSING_PUNCH',
  businessTrip: 'BUSINESS_TRIP',
  paidLeave: 'PAID_LEAVE',
  unpaidLeave: 'UNPAID_LEAVE',
  absent: 'ABSENT',
  dayOff: 'DAY_OFF',
  notCheckedIn: 'NOT_CHECKED_IN',
};

export const TroopReport = Type.Object({
  date: Day,
  /** the server's today in Vietnam: on today a missing checkout is not yet missing */
  today: Day,
  organizationUnitId: Type.Union([Type.String(), Type.Null()]),
  /** a row per unit that has workers on the roll (their own unit, not the units above) */
  units: Type.Array(
    Type.Intersect([
      Type.Object({ organizationUnitId: Type.String(), code: Type.String(), name: Type.String() }),
      TroopCounts,
    ]),
  ),
  total: TroopCounts,
});
export type TroopReport = Type.Static<typeof TroopReport>;

export const TroopWorker = Type.Object({
  workerId: Type.String(),
  code: Type.String(),
  fullName: Type.String(),
  unitName: Type.String(),
  status: Type.String(),
  /** the cell's symbol (the correction's when there is one) */
  symbol: Type.Union([Type.String(), Type.Null()]),
  /** "08:05" local, the first check-in */
  firstIn: Type.Union([Type.String(), Type.Null()]),
  lateMinutes: Minutes,
  flags: Count,
});
export type TroopWorker = Type.Static<typeof TroopWorker>;

export const DailyWorkers = Type.Object({
  from: Day,
  to: Day,
  today: Day,
  days: Type.Array(Type.Intersect([Type.Object({ date: Day }), TroopCounts])),
});
export type DailyWorkers = Type.Static<typeof DailyWorkers>;

export const LateEarlyFrequency = Type.Object({
  from: Day,
  to: Day,
  /** six rows, times 1…6 (6: six or more), the workers late / early that many times */
  groups: Type.Array(Type.Object({ times: Type.Integer({ minimum: 1 }), late: Count, early: Count })),
  lateWorkers: Count,
  earlyWorkers: Count,
  lateMinutes: Minutes,
  earlyMinutes: Minutes,
});
export type LateEarlyFrequency = Type.Static<typeof LateEarlyFrequency>;

export const LateEarlyWorker = Type.Object({
  workerId: Type.String(),
  code: Type.String(),
  fullName: Type.String(),
  unitName: Type.String(),
  lateTimes: Count,
  lateMinutes: Minutes,
  earlyTimes: Count,
  earlyMinutes: Minutes,
});
export type LateEarlyWorker = Type.Static<typeof LateEarlyWorker>;

export const HOURS_GROUPINGS = ['day', 'month'] as const;
export type HoursGrouping = (typeof HOURS_GROUPINGS)[number];
const HoursFigures = {
  /** working hours: worked minutes; night hours: normal work at night */
  minutes: Minutes,
  /** working hours: every overtime minute; night hours: overtime at night */
  overtimeMinutes: Minutes,
  /** workers with any of it */
  workers: Count,
};
export const HoursReport = Type.Object({
  from: Day,
  to: Day,
  by: Type.Union([Type.Literal('day'), Type.Literal('month')]),
  /** every day ('YYYY-MM-DD') or month ('YYYY-MM') of the period, in order */
  periods: Type.Array(Type.Object({ period: Type.String(), ...HoursFigures })),
  units: Type.Array(
    Type.Object({
      organizationUnitId: Type.String(),
      code: Type.String(),
      name: Type.String(),
      ...HoursFigures,
    }),
  ),
  total: Type.Object(HoursFigures),
});
export type HoursReport = Type.Static<typeof HoursReport>;

const l = (key: string, vi: string, en: string) => label(`tm.reports.${key}`, vi, en);

/** Words of the reports (pages, workbook headers). */
export const TimekeepingReportLabels = {
  title: l('title', 'Báo cáo quân số', 'Headcount report'),
  troop: l('troop', 'Quân số trong ngày', 'Headcount of the day'),
  dailyWorkers: l('dailyWorkers', 'Số lao động hằng ngày', 'Daily worker number'),
  lateEarly: l('lateEarly', 'Tần suất đi muộn, về sớm', 'Late and early frequency'),
  workingHours: l('workingHours', 'Số giờ công', 'Working hours'),
  nightHours: l('nightHours', 'Giờ làm đêm', 'Night working hours'),
  unit: l('unit', 'Đơn vị', 'Unit'),
  date: l('date', 'Ngày', 'Date'),
  from: l('from', 'Từ ngày', 'From'),
  to: l('to', 'Đến ngày', 'To'),
  month: l('month', 'Tháng', 'Month'),
  period: l('period', 'Kỳ', 'Period'),
  total: l('total', 'Tổng cộng', 'Total'),
  code: l('code', 'Mã NV', 'Code'),
  fullName: l('fullName', 'Họ và tên', 'Full name'),
  times: l('times', 'Số lần', 'Times'),
  lateWorkers: l('lateWorkers', 'Số người đi muộn', 'Workers late'),
  earlyWorkers: l('earlyWorkers', 'Số người về sớm', 'Workers leaving early'),
  lateTimes: l('lateTimes', 'Số lần đi muộn', 'Times late'),
  lateMinutes: l('lateMinutes', 'Phút đi muộn', 'Minutes late'),
  earlyTimes: l('earlyTimes', 'Số lần về sớm', 'Times early'),
  earlyMinutes: l('earlyMinutes', 'Phút về sớm', 'Minutes early'),
  hours: l('hours', 'Giờ công', 'Hours worked'),
  overtimeHours: l('overtimeHours', 'Giờ tăng ca', 'Overtime hours'),
  nightWork: l('nightWork', 'Giờ làm đêm', 'Night hours'),
  nightOvertime: l('nightOvertime', 'Giờ tăng ca đêm', 'Night overtime hours'),
  workers: l('workers', 'Số người', 'Workers'),
  symbol: l('symbol', 'Ký hiệu', 'Symbol'),
  firstIn: l('firstIn', 'Giờ vào', 'First in'),
  sixOrMore: l('sixOrMore', '6 lần trở lên', '6 times or more'),
} as const;

/** The troop report's columns (and the names in their drill-down dialogs). */
export const TroopCountLabels: Readonly<Record<TroopCountKey, Label>> = {
  onRoll: l('onRoll', 'Quân số', 'On the roll'),
  present: l('present', 'Có mặt', 'Present'),
  late: l('late', 'Đi muộn', 'Late'),
  missingPunch: l('missingPunch', 'Thiếu giờ vào/ra', 'Punch missing'),
  businessTrip: l('businessTrip', 'Công tác', 'Business trip'),
  paidLeave: l('paidLeave', 'Nghỉ có lương', 'Paid leave'),
  unpaidLeave: l('unpaidLeave', 'Nghỉ không lương', 'Unpaid leave'),
  absent: l('absent', 'Vắng không lý do', 'Absent without reason'),
  dayOff: l('dayOff', 'Nghỉ theo lịch', 'Day off'),
  notCheckedIn: l('notCheckedIn', 'Chưa chấm công', 'No punch yet'),
};
