import { describe, expect, it } from 'vitest';
import {
  fullYears,
  monthCounts,
  roundLeave,
  seniorityDays,
  yearEntitlement,
  type AnnualLeaveRule,
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
