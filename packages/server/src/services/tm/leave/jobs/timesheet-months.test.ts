import type { CalendarDay } from '@hcm/contracts/labour-calendar';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SYMBOLS, withSymbols } from '../../timesheet/symbols.ts';
import type { TimesheetMonth } from '../entitlement.ts';
import { STATUTORY_POLICY, type LeavePolicy } from '../policies/policy-on.ts';
import { accrualsDue, correctionDue, yearPlan } from './plan.ts';
import { countedMonths, type TimesheetYear } from './service-months.ts';
import { lastMonthOver, monthOfRows, standardDaysOfYear } from './timesheet-io.ts';

/*
 * The months that count by the timesheet (docs/leave.md "The months that count"), as tables.
 * 2026: March has 22 weekdays, Monday the 16th leaves 12 of them.
 */

const month = (worked: number, away: TimesheetMonth['awayDays'] = {}, normal = 22_000): TimesheetMonth => ({
  workedDays: worked,
  paidLeaveDays: 0,
  awayDays: away,
  normalWorkingDays: normal,
});
const year = (months: Record<number, TimesheetMonth>): TimesheetYear => ({
  months: new Map(Object.entries(months).map(([m, facts]) => [Number(m), facts])),
  monthOfWork: 22_000,
});

describe('the months over on a day', () => {
  it.each([
    ['2026-01-15', 0],
    ['2026-03-31', 2], // March is not over on its last day
    ['2026-04-01', 3],
    ['2026-12-31', 11],
    ['2027-01-01', 12],
    ['2025-12-31', 0],
  ])('on %s: %i', (day, months) => {
    expect(lastMonthOver(2026, day)).toBe(months);
  });
});

describe('the months that count: the timesheet where it has the month, the employment elsewhere', () => {
  it.each([
    ['no records: the employment period', '2026-01-01', {}, 12],
    ['March worked 10 of 22 days: it does not count', '2026-01-01', { 3: month(10_000) }, 11],
    ['March worked exactly half', '2026-01-01', { 3: month(11_000) }, 12],
    // hired on Monday 16 March: the employment says 12 of 22 weekdays count; the records decide
    ['hired mid-month, 12 days worked', '2026-03-16', { 3: month(12_000) }, 10],
    ['hired mid-month, 2 of the 12 days absent', '2026-03-16', { 3: month(10_000) }, 9],
    // records before the hire date (an import) are not the worker's service
    ['a month before the hire', '2026-03-16', { 1: month(22_000), 3: month(12_000) }, 10],
    [
      'sick all of January to March: two count',
      '2026-01-01',
      {
        1: month(0, { SICK: 22_000 }),
        2: month(0, { SICK: 20_000 }),
        3: month(0, { SICK: 22_000 }),
      },
      11,
    ],
    [
      'maternity January to June: all count',
      '2026-01-01',
      Object.fromEntries([1, 2, 3, 4, 5, 6].map((m) => [m, month(0, { FULL: 22_000 })])),
      12,
    ],
    [
      'unpaid leave in January and February: one counts',
      '2026-01-01',
      {
        1: month(0, { UNPAID: 22_000 }),
        2: month(0, { UNPAID: 20_000 }),
      },
      11,
    ],
  ] as const)('%s', (_, from, months, counted) => {
    expect(countedMonths(2026, from, '2026-12-31', 0.5, year(months))).toBe(counted);
  });

  it('takes the rules’ share: a full month, or any month of service', () => {
    const months = year({ 3: month(21_000), 4: month(0) });
    expect(countedMonths(2026, '2026-01-01', '2026-12-31', 1, months)).toBe(10);
    expect(countedMonths(2026, '2026-01-01', '2026-12-31', 0, months)).toBe(12);
  });
});

describe("a month's records as the leave jobs read them", () => {
  const row = (symbol: string | null, values: Partial<Parameters<typeof monthOfRows>[0][number]>) => ({
    symbol,
    corrected: false,
    work: 0,
    paid_leave: 0,
    unpaid_leave: 0,
    paid: 0,
    rest: 0,
    ...values,
  });

  it('sums work and paid leave, and the unpaid days by the reason their symbol names', () => {
    const facts = monthOfRows(
      [
        row('+', { work: 15_000, paid: 15_000 }),
        row('L', { paid_leave: 1_000, paid: 1_000 }),
        row('P', { paid_leave: 2_000, paid: 2_000 }),
        row('Ô', { unpaid_leave: 2_000 }),
        row('TS', { unpaid_leave: 1_000 }),
        row('+/KL', { work: 500, unpaid_leave: 500, paid: 500 }),
        row('Cô', { unpaid_leave: 1_000 }),
        row(null, {}),
      ],
      DEFAULT_SYMBOLS,
      22_000,
    );
    expect(facts).toEqual({
      workedDays: 15_500,
      paidLeaveDays: 3_000,
      awayDays: { SICK: 2_000, FULL: 1_000, UNPAID: 500, NONE: 1_000 },
      normalWorkingDays: 22_000,
    });
  });

  it("reads the tenant's own symbols of the month", () => {
    const own = withSymbols({ SICK: 'OM', WORKED: 'X' });
    expect(
      monthOfRows([row('OM', { unpaid_leave: 3_000 }), row('Ô', { unpaid_leave: 1_000 })], own, 22_000),
    ).toMatchObject({ awayDays: { SICK: 3_000, NONE: 1_000 } });
  });

  it('counts a day HR corrected by its paid value and the kind of the symbol HR wrote', () => {
    const facts = monthOfRows(
      [
        row('+', { corrected: true, paid: 2_000, work: 0 }),
        row('X', { corrected: true, paid: 1_000 }), // a symbol the tenant does not write: work
        row('P', { corrected: true, paid: 1_000 }),
        row('KL', { corrected: true, paid: 0, rest: 2_000 }),
      ],
      DEFAULT_SYMBOLS,
      22_000,
    );
    expect(facts).toMatchObject({ workedDays: 3_000, paidLeaveDays: 1_000, awayDays: { UNPAID: 2_000 } });
  });
});

describe('the standard working days of a month', () => {
  /** The days of `from`–`to` by a week (0 Sunday … 6 Saturday → type), with calendar rows on some days. */
  const calendar = (
    from: string,
    to: string,
    week: Record<number, CalendarDay['type']>,
    rows: Record<string, Partial<CalendarDay>> = {},
  ): CalendarDay[] => {
    const days: CalendarDay[] = [];
    for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
      const date = new Date(t).toISOString().slice(0, 10);
      days.push({
        date,
        type: week[new Date(t).getUTCDay()] ?? 'WORKING_DAY',
        payClass: 'WEEKDAY',
        restHalf: null,
        paidOff: false,
        source: 'CONFIGURATION',
        sourceId: null,
        reason: '',
        reasonEn: '',
        compensates: null,
        labourRuleId: null,
        standardDays: null,
        ...rows[date],
      });
    }
    return days;
  };
  const weekend = { 0: 'WEEKLY_REST_DAY', 6: 'WEEKLY_REST_DAY' } as const;
  const tet = { source: 'HOLIDAY_CALENDAR', type: 'PUBLIC_HOLIDAY', paidOff: true } as const;

  it('counts the weekly rules’ days, a holiday on a working weekday as worked', () => {
    const days = calendar('2026-01-01', '2026-12-31', weekend, {
      '2026-02-16': tet,
      '2026-02-17': tet,
      '2026-02-15': tet, // a Sunday: not a working day
      '2026-03-09': { source: 'HOLIDAY_CALENDAR', type: 'SWAPPED_DAY_OFF' },
      '2026-03-14': { source: 'HOLIDAY_CALENDAR', type: 'SWAPPED_WORKING_DAY' },
    });
    const standard = standardDaysOfYear(days, 2026);
    expect(standard[0]).toBe(22_000);
    expect(standard[1]).toBe(20_000);
    expect(standard[2]).toBe(22_000);
  });

  it('counts a six-day week, and a Saturday morning as half', () => {
    expect(standardDaysOfYear(calendar('2026-01-01', '2026-12-31', { 0: 'WEEKLY_REST_DAY' }), 2026)[1]).toBe(
      24_000,
    );
    expect(
      standardDaysOfYear(
        calendar('2026-01-01', '2026-12-31', { 0: 'WEEKLY_REST_DAY', 6: 'HALF_REST_DAY' }),
        2026,
      )[1],
    ).toBe(22_000);
  });

  it("takes the standard-days rule's number where the calendar gives one", () => {
    const days = calendar('2026-01-01', '2026-12-31', weekend).map((day) =>
      day.date.startsWith('2026-03') ? { ...day, standardDays: '26' } : day,
    );
    expect(standardDaysOfYear(days, 2026).slice(1, 4)).toEqual([20_000, 26_000, 22_000]);
  });
});

describe('when a month turns out not to count', () => {
  const yearly: LeavePolicy = { ...STATUTORY_POLICY, accrualMode: 'YEARLY' };
  const worker = { workerId: 'w', start: '2022-01-03', lastDay: null, leaveCase: 'STANDARD' as const };
  const full = yearPlan(yearly, worker, 2026);
  const marchOff = yearPlan(yearly, worker, 2026, year({ 3: month(5_000) }));
  const jan = [{ on: '2026-01-01', days: 12_000 }];

  it('YEARLY: the whole year on 1 January, a month that did not count taken back once', () => {
    expect(full.days).toBe(12_000);
    expect(marchOff.days).toBe(11_000);
    expect(correctionDue(marchOff, jan, [], '2026-04-01')).toBe(-1_000);
    // the rerun: the correction is written
    expect(correctionDue(marchOff, jan, [{ on: '2026-04-01', days: -1_000 }], '2026-04-01')).toBe(0);
    // March corrected by HR since: what was taken back is given back, never more
    expect(correctionDue(full, jan, [{ on: '2026-04-01', days: -1_000 }], '2026-05-01')).toBe(1_000);
    expect(correctionDue(full, jan, [], '2026-05-01')).toBe(0);
  });

  it('MONTHLY: the lower year is shared over the months to come, no correction needed', () => {
    const monthly = { ...STATUTORY_POLICY, updateDay: 1 };
    const plan = yearPlan(monthly, worker, 2026, year({ 3: month(5_000) }));
    const written = [
      { on: '2026-01-01', days: 1_000 },
      { on: '2026-02-01', days: 1_000 },
      { on: '2026-03-01', days: 1_000 },
    ];
    // 11 days over 12 months: 11 × 4 / 12 = 3.667 → 3.5 by 1 April (half days nearest)
    expect(accrualsDue(plan, written, '2026-04-01')).toEqual([
      { kind: 'ACCRUED', on: '2026-04-01', days: 500 },
    ]);
    expect(correctionDue(plan, [...written, { on: '2026-04-01', days: 500 }], [], '2026-04-01')).toBe(0);
    // a correction already written counts as accrued: the next month's share is not doubled
    expect(
      accrualsDue(plan, written, '2026-04-01', [{ on: '2026-03-15', days: -500 }]).map((e) => e.days),
    ).toEqual([1_000]);
  });
});
