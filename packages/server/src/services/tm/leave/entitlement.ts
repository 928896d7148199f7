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
