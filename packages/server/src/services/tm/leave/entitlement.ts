/*
 * Annual leave by Vietnam's Labour Code 2019 (articles 113–114) and Decree 145/2020 (articles
 * 65–66), as pure arithmetic over the tenant's rule (issue 31; docs/leave.md). Every amount of
 * leave is in THOUSANDTHS OF A DAY, integers, as the timesheet's paid units are: 12 days = 12000,
 * half a day = 500. The figures (12, 14 or 16 days; one more per five years) are the rule's data,
 * effective-dated by the caller, never constants here.
 */

/** How a partial year's entitlement is rounded (a tenant setting). */
export type LeaveRounding =
  /** kept to the thousandth */
  | 'NONE'
  /** to a half day, .25 and up rounding up */
  | 'HALF_DAY_NEAREST'
  /** to a half day below */
  | 'HALF_DAY_DOWN'
  /** to a whole day, .5 and up rounding up (the rule Decree 05/2015 wrote out) */
  | 'WHOLE_DAY_NEAREST'
  /** to a whole day below */
  | 'WHOLE_DAY_DOWN';

export interface AnnualLeaveRule {
  /** the year's days for the worker's case: 12000, 14000 or 16000 (Labour Code art. 113) */
  readonly baseDays: number;
  /** every this many full years of service add `seniorityDaysPerStep` (art. 114: 5) */
  readonly seniorityStepYears: number;
  readonly seniorityDaysPerStep: number;
  readonly rounding: LeaveRounding;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function parts(date: string): [number, number, number] {
  const match = DATE.exec(date);
  if (!match) throw new Error(`not a date (YYYY-MM-DD): ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Full years from `start` to `asOf` (both YYYY-MM-DD): an anniversary counts on its day. */
export function fullYears(start: string, asOf: string): number {
  const [y1, m1, d1] = parts(start);
  const [y2, m2, d2] = parts(asOf);
  if (asOf < start) return 0;
  const years = y2 - y1 - (m2 < m1 || (m2 === m1 && d2 < d1) ? 1 : 0);
  return Math.max(0, years);
}

/** The days added for service by `asOf` (art. 114): one step per `seniorityStepYears` full years. */
export function seniorityDays(rule: AnnualLeaveRule, serviceStart: string, asOf: string): number {
  if (rule.seniorityStepYears <= 0) return 0;
  return Math.floor(fullYears(serviceStart, asOf) / rule.seniorityStepYears) * rule.seniorityDaysPerStep;
}

/**
 * Whether a month counts as a month worked for the entitlement (Decree 145 art. 66): the days
 * worked and the days on paid leave (holidays, annual leave, paid personal leave) reach `share`
 * of the month's normal working days. All in thousandths of a day. `share` is the tenant's
 * "leave received config" (catalogues §5.2: 0 to 1, step 0.5): 0.5 the statutory half-month
 * rule; 1 only a full month; 0 any month of service (the caller asks only about those).
 */
export function monthCounts(
  month: {
    readonly workedDays: number;
    readonly paidLeaveDays: number;
    readonly normalWorkingDays: number;
  },
  share = 0.5,
): boolean {
  if (month.normalWorkingDays <= 0) return false;
  if (share <= 0) return true;
  // in halves, integers: 0.5 → 1, 1 → 2
  const halves = Math.round(share * 2);
  return 2 * (month.workedDays + month.paidLeaveDays) >= halves * month.normalWorkingDays;
}

/** `value` (thousandths) rounded by `rounding`. */
export function roundLeave(value: number, rounding: LeaveRounding): number {
  switch (rounding) {
    case 'NONE':
      return value;
    case 'HALF_DAY_NEAREST':
      return Math.floor((value + 250) / 500) * 500;
    case 'HALF_DAY_DOWN':
      return Math.floor(value / 500) * 500;
    case 'WHOLE_DAY_NEAREST':
      return Math.floor((value + 500) / 1000) * 1000;
    case 'WHOLE_DAY_DOWN':
      return Math.floor(value / 1000) * 1000;
  }
}

export interface YearEntitlement {
  readonly base: number;
  readonly seniority: number;
  /** the months that count (0–12) */
  readonly months: number;
  /** what the worker is entitled to in the year, rounded when the year is partial */
  readonly days: number;
}

/**
 * The year's entitlement (art. 113–114, Decree 145 art. 66): a full year (twelve months that
 * count) gives base + seniority; a partial one (base + seniority) / 12 × the months that count,
 * rounded by the rule. Seniority is taken as of `seniorityAsOf` (the tenant says which day of the
 * year: its first or its last).
 */
export function yearEntitlement(
  rule: AnnualLeaveRule,
  input: { readonly serviceStart: string; readonly seniorityAsOf: string; readonly countedMonths: number },
): YearEntitlement {
  const months = Math.min(12, Math.max(0, Math.floor(input.countedMonths)));
  const seniority = seniorityDays(rule, input.serviceStart, input.seniorityAsOf);
  const whole = rule.baseDays + seniority;
  // integer arithmetic: whole × months / 12 to the thousandth, half up, then the rule's rounding
  const share = months === 12 ? whole : roundLeave(Math.floor((whole * months * 2 + 12) / 24), rule.rounding);
  return { base: rule.baseDays, seniority, months, days: share };
}

/*
 * Decree 145/2020 art. 65: time that counts as working time for annual leave although no
 * timesheet pays it as work. A day's reason is data (the timesheet's symbol key, or a leave
 * type's timesheet reason): a key this table does not name counts nothing beyond what the
 * timesheet already pays (any paid leave is in the day's paid-leave units anyway).
 */

/** How art. 65 counts time away from work: in full, within a yearly cap, or not at all. */
export type WorkingTimeClass = 'FULL' | 'SICK' | 'UNPAID' | 'WORK_ACCIDENT' | 'NONE';

/** The classes art. 65 caps, and their caps in months (cumulative in a year, as this product reads them). */
export const WORKING_TIME_CAP_MONTHS = { SICK: 2, UNPAID: 1, WORK_ACCIDENT: 6 } as const;
export type CappedClass = keyof typeof WORKING_TIME_CAP_MONTHS;

/**
 * The reason keys (the engine's AbsenceReason and the timesheet's symbol keys) art. 65 names:
 * paid personal leave (3), unpaid leave agreed with the employer (4, ≤ 1 month a year), a work
 * accident or occupational disease (5, ≤ 6 months), sickness (6, ≤ 2 months a year), maternity
 * (7), duties of the workers' representation (8: labour duty), stopped work not the worker's
 * fault (9), and the days off the Labour Code pays (holidays, annual and compensatory leave).
 * Caring for a sick child is not the worker's own sickness: not named, so not counted.
 */
export const WORKING_TIME_REASONS: Readonly<Record<string, WorkingTimeClass>> = {
  WORKED: 'FULL',
  PRODUCT: 'FULL',
  BUSINESS_TRIP: 'FULL',
  CONFERENCE: 'FULL',
  MEETING_STUDY: 'FULL',
  LABOUR_DUTY: 'FULL',
  ANNUAL_LEAVE: 'FULL',
  COMPENSATORY: 'FULL',
  HOLIDAY: 'FULL',
  PAID_PERSONAL: 'FULL',
  MATERNITY: 'FULL',
  STOPPED_WORK: 'FULL',
  SICK: 'SICK',
  UNPAID_LEAVE: 'UNPAID',
  WORK_ACCIDENT: 'WORK_ACCIDENT',
  CHILD_SICK: 'NONE',
};

/** From the least generous to the most: a symbol several keys write counts as the least of them. */
const GENEROSITY: readonly WorkingTimeClass[] = ['NONE', 'UNPAID', 'SICK', 'WORK_ACCIDENT', 'FULL'];

/**
 * The class of a day written with a symbol that these keys write (a tenant may give one symbol
 * to several keys): the least generous of theirs; no key, or one the table does not name: NONE.
 */
export function workingTimeClass(keys: readonly string[]): WorkingTimeClass {
  if (keys.length === 0) return 'NONE';
  let least: WorkingTimeClass = 'FULL';
  for (const key of keys) {
    const found = WORKING_TIME_REASONS[key] ?? 'NONE';
    if (GENEROSITY.indexOf(found) < GENEROSITY.indexOf(least)) least = found;
  }
  return least;
}

/** A month of a worker's timesheet, in thousandths of a day. */
export interface TimesheetMonth {
  readonly workedDays: number;
  /** paid leave of every kind, public holidays included */
  readonly paidLeaveDays: number;
  /** the days away the timesheet does not pay (unpaid leave units), by their art. 65 class */
  readonly awayDays: Readonly<Partial<Record<WorkingTimeClass, number>>>;
  /** the month's standard working days for the worker */
  readonly normalWorkingDays: number;
}

/**
 * Which of a year's timesheet months count (Decree 145 art. 65–66), in the order given (the
 * year's order: the caps are used up by the earliest days). A month counts when the days worked,
 * on paid leave and away for a reason art. 65 counts (in full, or within what is left of its
 * yearly cap) reach `share` of its standard working days (monthCounts). `monthOfWork` is how
 * many days one month of a cap is (thousandths: the worker's average standard month). The caps
 * are used by every such day, whether its month would have counted without them or not.
 */
export function timesheetMonthsCount(
  months: readonly TimesheetMonth[],
  share: number,
  monthOfWork: number,
): boolean[] {
  const left: Record<CappedClass, number> = {
    SICK: WORKING_TIME_CAP_MONTHS.SICK * monthOfWork,
    UNPAID: WORKING_TIME_CAP_MONTHS.UNPAID * monthOfWork,
    WORK_ACCIDENT: WORKING_TIME_CAP_MONTHS.WORK_ACCIDENT * monthOfWork,
  };
  return months.map((month) => {
    let counted = month.awayDays.FULL ?? 0;
    for (const capped of Object.keys(left) as CappedClass[]) {
      const used = Math.min(Math.max(0, month.awayDays[capped] ?? 0), left[capped]);
      left[capped] -= used;
      counted += used;
    }
    return monthCounts(
      {
        workedDays: month.workedDays,
        paidLeaveDays: month.paidLeaveDays + counted,
        normalWorkingDays: month.normalWorkingDays,
      },
      share,
    );
  });
}
