import { describe, expect, it } from 'vitest';
import { allOf } from '../../../../../../../scripts/testing/all-of.ts';
import { STATUTORY_POLICY, type LeavePolicy } from '../policies/policy-on.ts';
import { accrualsDue, yearPlan, type WorkerService } from './plan.ts';
import { withinCatchUp } from './carry-over.ts';
import { countedMonths } from './service-months.ts';

/* The leave jobs' arithmetic (docs/leave.md "The leave jobs"), as tables; 2026 starts on a Thursday. */

const worker = (
  start: string | null,
  lastDay: string | null = null,
  leaveCase: WorkerService['leaveCase'] = 'STANDARD',
) => ({
  workerId: 'w',
  start,
  lastDay,
  leaveCase,
});
const sum = (entries: readonly { days: number }[]) => entries.reduce((total, e) => total + e.days, 0);

describe('the months of service that count (employment period, Monday to Friday)', () => {
  it.each([
    // March 2026 has 22 weekdays: from Monday the 16th 12 are employed (half: 11) — it counts
    ['2026-03-16', '2026-12-31', 0.5, 10],
    // from Wednesday the 18th only 10 — it does not
    ['2026-03-18', '2026-12-31', 0.5, 9],
    // a full month is needed: the 2nd (the first weekday) is the whole month's working days
    ['2026-03-02', '2026-12-31', 1, 10],
    ['2026-03-16', '2026-12-31', 1, 9],
    // any month of service counts
    ['2026-03-31', '2026-12-31', 0, 10],
    // a last day on Tuesday 14 July: 10 of July's 23 weekdays, under half
    ['2026-01-01', '2026-07-14', 0.5, 6],
    ['2026-01-01', '2026-07-16', 0.5, 7],
    ['2026-01-01', '2026-12-31', 0.5, 12],
  ])('from %s to %s with %s of a month: %i months', (from, until, share, months) => {
    expect(countedMonths(2026, from, until, share)).toBe(months);
  });
});

describe("a worker's year by the statutory rules (12 days, +1 per 5 years, half days nearest)", () => {
  it.each([
    // seniority steps, as of the year's first day
    ['2021-01-02', 'STANDARD', 12_000], // 4 full years on 1 January 2026
    ['2021-01-01', 'STANDARD', 13_000], // the fifth anniversary on the day
    ['2016-01-01', 'STANDARD', 14_000],
    ['2001-01-01', 'STANDARD', 17_000],
    ['2025-06-01', 'HEAVY', 14_000],
    ['2015-01-01', 'HEAVY', 16_000],
    ['2025-06-01', 'SPECIAL', 16_000],
    [null, 'STANDARD', 12_000], // no hire date: the whole year, no seniority
    // pro rata with the half-month rule: (12 + seniority) / 12 × months, rounded
    ['2026-03-16', 'STANDARD', 10_000],
    ['2026-03-18', 'STANDARD', 9_000],
    ['2026-08-20', 'HEAVY', 4_500], // 4 months of 14: 4.667 → 4.5 (half days nearest)
  ] as const)('hired %s, %s: %i thousandths', (start, leaveCase, days) => {
    const plan = yearPlan(STATUTORY_POLICY, worker(start, null, leaveCase), 2026);
    expect(plan.days).toBe(days);
    expect(sum(plan.entries)).toBe(plan.days);
  });

  it('seniority as of the year end counts an anniversary within the year', () => {
    const asOfEnd: LeavePolicy = { ...STATUTORY_POLICY, seniorityAsOf: 'YEAR_END' };
    expect(yearPlan(asOfEnd, worker('2021-07-01'), 2026).days).toBe(13_000);
    expect(yearPlan(STATUTORY_POLICY, worker('2021-07-01'), 2026).days).toBe(12_000);
  });

  it("a leaver's pro rata share is all due by the last day", () => {
    // 6 months of 13 days = 6.5
    const plan = yearPlan(STATUTORY_POLICY, worker('2020-06-01', '2026-07-14'), 2026);
    expect(plan.days).toBe(6_500);
    expect(plan.entries.at(-1)?.on).toBe('2026-07-14');
    expect(allOf(plan.entries, (e) => e.on <= '2026-07-14')).toBe(true);
    expect(sum(plan.entries)).toBe(6_500);
  });
});

describe('accrual on the update day', () => {
  const monthly: LeavePolicy = { ...STATUTORY_POLICY, updateDay: 5 };
  const plan = yearPlan(monthly, worker('2019-01-02'), 2026);

  it.each([
    ['2026-01-04', []],
    ['2026-01-05', ['2026-01-05']],
    ['2026-04-04', ['2026-01-05', '2026-02-05', '2026-03-05']],
    ['2026-04-05', ['2026-01-05', '2026-02-05', '2026-03-05', '2026-04-05']],
  ])('by %s: %j', (today, days) => {
    expect(accrualsDue(plan, [], today).map((e) => e.on)).toEqual(days);
  });

  it('writes nothing twice, and the year adds up to the entitlement', () => {
    const first = accrualsDue(plan, [], '2026-06-30');
    expect(accrualsDue(plan, first, '2026-06-30')).toEqual([]);
    const rest = accrualsDue(plan, first, '2026-12-31');
    expect(sum([...first, ...rest])).toBe(13_000);
  });

  it('YEARLY: the whole year on its first day, or on the day of joining', () => {
    const yearly: LeavePolicy = { ...STATUTORY_POLICY, accrualMode: 'YEARLY' };
    expect(accrualsDue(yearPlan(yearly, worker('2019-01-02'), 2026), [], '2026-01-01')).toEqual([
      { kind: 'ACCRUED', on: '2026-01-01', days: 13_000 },
    ]);
    expect(accrualsDue(yearPlan(yearly, worker('2026-03-16'), 2026), [], '2026-12-31')).toEqual([
      { kind: 'ACCRUED', on: '2026-03-16', days: 10_000 },
    ]);
  });

  it('a schedule that shrank (a resignation learned later) is caught up, never doubled', () => {
    const before = accrualsDue(yearPlan(monthly, worker('2020-06-01'), 2026), [], '2026-04-05');
    expect(sum(before)).toBe(4_500);
    const after = accrualsDue(
      yearPlan(monthly, worker('2020-06-01', '2026-07-14'), 2026),
      before,
      '2026-07-14',
    );
    expect(after).toEqual([{ kind: 'ACCRUED', on: '2026-07-14', days: 2_000 }]);
  });
});

describe('a carry-over or an expiry missed by the daily run', () => {
  it.each([
    ['2026-01-01', '2025-12-31', false],
    ['2026-01-01', '2026-01-01', true],
    ['2026-01-01', '2026-01-31', true],
    ['2026-01-01', '2026-02-01', false], // a month late: left to HR
  ])('due %s, run on %s: written %s', (day, today, written) => {
    expect(withinCatchUp(day, today)).toBe(written);
  });
});
