import { describe, expect, it } from 'vitest';
import {
  fullYears,
  monthCounts,
  roundLeave,
  seniorityDays,
  timesheetMonthsCount,
  workingTimeClass,
  yearEntitlement,
  type AnnualLeaveRule,
  type TimesheetMonth,
} from './entitlement.ts';

/** The Labour Code 2019's ordinary case: 12 days, one more per five years, whole days .5 up. */
const ORDINARY: AnnualLeaveRule = {
  baseDays: 12_000,
  seniorityStepYears: 5,
  seniorityDaysPerStep: 1_000,
  rounding: 'WHOLE_DAY_NEAREST',
};
const HEAVY: AnnualLeaveRule = { ...ORDINARY, baseDays: 14_000 };
const ESPECIALLY_HEAVY: AnnualLeaveRule = { ...ORDINARY, baseDays: 16_000 };

describe('annual leave entitlement', () => {
  it.each([
    ['2021-03-15', '2026-03-14', 4],
    ['2021-03-15', '2026-03-15', 5], // the anniversary counts on its day
    ['2020-02-29', '2025-02-28', 4], // a leap-day start: its anniversary is not reached on the 28th
    ['2020-02-29', '2025-03-01', 5],
    ['2026-06-01', '2026-01-01', 0], // not started yet
  ])('from %s to %s: %i full years', (start, asOf, years) => {
    expect(fullYears(start, asOf)).toBe(years);
  });

  it.each([
    [4, 0],
    [5, 1_000],
    [9, 1_000],
    [10, 2_000],
    [27, 5_000],
  ])('%i years of service add %i thousandths', (years, days) => {
    expect(seniorityDays(ORDINARY, `${2026 - years}-01-01`, '2026-01-01')).toBe(days);
  });

  it.each([
    // worked + paid leave against the month's normal days: half is enough
    [{ workedDays: 13_000, paidLeaveDays: 0, normalWorkingDays: 26_000 }, true],
    [{ workedDays: 12_500, paidLeaveDays: 0, normalWorkingDays: 26_000 }, false],
    [{ workedDays: 10_000, paidLeaveDays: 3_000, normalWorkingDays: 26_000 }, true],
    [{ workedDays: 11_000, paidLeaveDays: 0, normalWorkingDays: 22_000 }, true],
    [{ workedDays: 10_500, paidLeaveDays: 500, normalWorkingDays: 22_500 }, false],
    [{ workedDays: 0, paidLeaveDays: 0, normalWorkingDays: 0 }, false],
  ])('a month of %o counts: %s', (month, counts) => {
    expect(monthCounts(month)).toBe(counts);
  });

  it.each([
    // the tenant's leave-received config: the share of the normal days that makes the month count
    [0.5, { workedDays: 11_000, paidLeaveDays: 0, normalWorkingDays: 22_000 }, true],
    [1, { workedDays: 11_000, paidLeaveDays: 0, normalWorkingDays: 22_000 }, false],
    [1, { workedDays: 20_000, paidLeaveDays: 2_000, normalWorkingDays: 22_000 }, true],
    [1, { workedDays: 21_500, paidLeaveDays: 0, normalWorkingDays: 22_000 }, false],
    [0, { workedDays: 1_000, paidLeaveDays: 0, normalWorkingDays: 22_000 }, true],
    [0, { workedDays: 0, paidLeaveDays: 0, normalWorkingDays: 22_000 }, true], // a month of service
    [0, { workedDays: 0, paidLeaveDays: 0, normalWorkingDays: 0 }, false],
  ])('with %s of a month needed, %o counts: %s', (share, month, counts) => {
    expect(monthCounts(month, share)).toBe(counts);
  });

  it.each([
    ['NONE', 7_583, 7_583],
    ['HALF_DAY_NEAREST', 7_583, 7_500],
    ['HALF_DAY_NEAREST', 7_750, 8_000],
    ['HALF_DAY_DOWN', 7_999, 7_500],
    ['WHOLE_DAY_NEAREST', 7_500, 8_000],
    ['WHOLE_DAY_NEAREST', 7_499, 7_000],
    ['WHOLE_DAY_DOWN', 7_999, 7_000],
  ] as const)('%s rounds %i to %i', (rounding, value, rounded) => {
    expect(roundLeave(value, rounding)).toBe(rounded);
  });

  it.each([
    // a full year: base + seniority, no rounding
    [ORDINARY, '2019-01-02', 12, 13_000],
    [HEAVY, '2024-01-02', 12, 14_000],
    [ESPECIALLY_HEAVY, '2014-01-02', 12, 18_000],
    // joined in March, ten months count: 12 / 12 × 10 = 10
    [ORDINARY, '2026-03-02', 10, 10_000],
    // seven months: 12 × 7 / 12 = 7; with five years' seniority 13 × 7 / 12 = 7.583 → 8
    [ORDINARY, '2026-06-01', 7, 7_000],
    [ORDINARY, '2020-06-01', 7, 8_000],
    // 14 × 5 / 12 = 5.833 → 6; 16 × 1 / 12 = 1.333 → 1
    [HEAVY, '2026-08-01', 5, 6_000],
    [ESPECIALLY_HEAVY, '2026-12-01', 1, 1_000],
    [ORDINARY, '2026-12-20', 0, 0],
  ] as const)('%o from %s with %i months: %i', (rule, start, months, days) => {
    expect(
      yearEntitlement(rule, { serviceStart: start, seniorityAsOf: '2026-12-31', countedMonths: months }).days,
    ).toBe(days);
  });

  it('keeps the partial year to the thousandth or the half day when the tenant says so', () => {
    const input = { serviceStart: '2020-06-01', seniorityAsOf: '2026-12-31', countedMonths: 7 };
    expect(yearEntitlement({ ...ORDINARY, rounding: 'NONE' }, input).days).toBe(7_583);
    expect(yearEntitlement({ ...ORDINARY, rounding: 'HALF_DAY_NEAREST' }, input).days).toBe(7_500);
    expect(yearEntitlement(ORDINARY, input)).toEqual({
      base: 12_000,
      seniority: 1_000,
      months: 7,
      days: 8_000,
    });
  });
});

/*
 * Decree 145 art. 65 over a timesheet's months: a month of 22 standard working days (half: 11),
 * one month of a cap = 22 days. `m(worked, paid, away)` in days.
 */
describe('the months a timesheet counts (art. 65 and 66)', () => {
  const m = (
    worked: number,
    paid = 0,
    away: TimesheetMonth['awayDays'] = {},
    normal = 22,
  ): TimesheetMonth => ({
    workedDays: worked * 1000,
    paidLeaveDays: paid * 1000,
    awayDays: Object.fromEntries(Object.entries(away).map(([k, v]) => [k, (v ?? 0) * 1000])),
    normalWorkingDays: normal * 1000,
  });
  const count = (months: TimesheetMonth[], share = 0.5) => timesheetMonthsCount(months, share, 22_000);

  it.each([
    ['exactly half worked', [m(11)], 0.5, [true]],
    ['one day less', [m(10)], 0.5, [false]],
    ['half a day less', [m(10.5)], 0.5, [false]],
    ['worked and paid leave (holidays, annual leave) together', [m(8, 3)], 0.5, [true]],
    ['a full month needed: all of it', [m(22)], 1, [true]],
    ['a full month needed: a day short', [m(20, 1)], 1, [false]],
    ['any month of service: nothing worked', [m(0)], 0, [true]],
    ['an odd month: 21 days, half is 10.5', [m(10.5, 0, {}, 21)], 0.5, [true]],
  ] as const)('%s', (_, months, share, counts) => {
    expect(count([...months], share)).toEqual(counts);
  });

  it('counts sick leave up to two months a year, the earliest first', () => {
    expect(
      count([m(0, 0, { SICK: 22 }), m(0, 0, { SICK: 22 }), m(0, 0, { SICK: 22 }), m(11, 0, { SICK: 11 })]),
    ).toEqual([
      true,
      true,
      false, // the third month of sickness: beyond the cap
      true, // half worked counts by itself
    ]);
    // 40 days used in the first two months leave 4 of the 44: 6 worked + 4 of 6 sick is 10, short of 11
    expect(count([m(0, 0, { SICK: 20 }), m(0, 0, { SICK: 20 }), m(6, 0, { SICK: 6 })])).toEqual([
      true,
      true,
      false,
    ]);
    expect(count([m(0, 0, { SICK: 20 }), m(0, 0, { SICK: 20 }), m(7, 0, { SICK: 6 })])).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('counts unpaid leave agreed with the employer up to one month a year', () => {
    expect(count([m(0, 0, { UNPAID: 22 }), m(0, 0, { UNPAID: 22 })])).toEqual([true, false]);
    expect(count([m(5, 0, { UNPAID: 17 }), m(6, 0, { UNPAID: 5 })])).toEqual([true, true]);
    expect(count([m(5, 0, { UNPAID: 17 }), m(5, 0, { UNPAID: 6 })])).toEqual([true, false]);
  });

  it('counts maternity leave and stopped work in full, a work accident up to six months', () => {
    expect(count(Array.from({ length: 6 }, () => m(0, 0, { FULL: 22 })))).toEqual(Array(6).fill(true));
    expect(count(Array.from({ length: 7 }, () => m(0, 0, { WORK_ACCIDENT: 22 })))).toEqual([
      ...Array(6).fill(true),
      false,
    ]);
  });

  it('counts nothing for time away art. 65 does not name (absent, a sick child)', () => {
    expect(count([m(5, 0, { NONE: 17 })])).toEqual([false]);
  });

  it.each([
    [['MATERNITY'], 'FULL'],
    [['STOPPED_WORK'], 'FULL'],
    [['PAID_PERSONAL'], 'FULL'],
    [['SICK'], 'SICK'],
    [['UNPAID_LEAVE'], 'UNPAID'],
    [['WORK_ACCIDENT'], 'WORK_ACCIDENT'],
    [['CHILD_SICK'], 'NONE'],
    [['A_REASON_ADDED_LATER'], 'NONE'],
    [[], 'NONE'],
    // one symbol for two keys: the least generous of them
    [['SICK', 'MATERNITY'], 'SICK'],
    [['SICK', 'CHILD_SICK'], 'NONE'],
  ] as const)('a day written for %j counts as %s', (keys, found) => {
    expect(workingTimeClass(keys)).toBe(found);
  });
});
