import { DEFAULT_WORKING_WEEK } from '@hcm/contracts/system';
import { describe, expect, it } from 'vitest';
import holidaySeed from '../../../../seed-data/om/holidays.json' with { type: 'json' };
import labourSeed from '../../../../seed-data/tm/labour-rules.json' with { type: 'json' };
import { resolveDays, type CalendarData, type HolidayRow, type StandardRule } from './resolve-days.ts';
import type { WeeklyRule } from './weekly.ts';

/** The seeded 2026 schedule as the resolver reads it (ACTIVE rows). */
const SEEDED: HolidayRow[] = (holidaySeed as Omit<HolidayRow, 'id'>[]).map((row) => ({
  ...row,
  id: row.code,
}));
const LAW = { ...labourSeed[0], id: 'LAW' } as CalendarData['labourRules'][number];
const calendarRule: StandardRule = {
  id: 'STD',
  effectiveDate: '2021-01-01',
  depth: null,
  method: 'CALENDAR',
  days: null,
};

const week = (saturday: WeeklyRule['week']['saturday'], sunday: WeeklyRule['week']['sunday'] = 'OFF') =>
  ({
    monday: 'WORK',
    tuesday: 'WORK',
    wednesday: 'WORK',
    thursday: 'WORK',
    friday: 'WORK',
    saturday,
    sunday,
  }) as const;
const rule = (
  id: string,
  effectiveDate: string,
  depth: number | null,
  saturday: WeeklyRule['week']['saturday'],
): WeeklyRule => ({
  id,
  name: id,
  effectiveDate,
  depth,
  week: week(saturday),
});

const data = (over: Partial<CalendarData> = {}): CalendarData => ({
  holidays: SEEDED,
  weeklyRules: [],
  workingWeek: DEFAULT_WORKING_WEEK,
  labourRules: [LAW],
  standardRules: [calendarRule],
  ...over,
});
const types = (d: CalendarData, from: string, to: string) =>
  Object.fromEntries(resolveDays(d, from, to).map((day) => [day.date, day.type]));

describe('the days of 2026 by the seeded schedule (Monday to Friday, the configuration)', () => {
  it('New Year: 1/1 a holiday, Friday 2/1 off in a swap, the weekend, Saturday 10/1 worked', () => {
    expect(types(data(), '2026-01-01', '2026-01-05')).toEqual({
      '2026-01-01': 'PUBLIC_HOLIDAY',
      '2026-01-02': 'SWAPPED_DAY_OFF',
      '2026-01-03': 'WEEKLY_REST_DAY',
      '2026-01-04': 'WEEKLY_REST_DAY',
      '2026-01-05': 'WORKING_DAY',
    });
    const [saturday] = resolveDays(data(), '2026-01-10', '2026-01-10');
    expect(saturday).toMatchObject({
      type: 'SWAPPED_WORKING_DAY',
      payClass: 'WEEKDAY',
      paidOff: false,
      source: 'HOLIDAY_CALENDAR',
    });
  });

  it('Tết: 14/2 to 22/2 off, five of them public holidays', () => {
    const tet = resolveDays(data(), '2026-02-13', '2026-02-23');
    expect(tet.map((d) => d.type)).toEqual([
      'WORKING_DAY',
      'WEEKLY_REST_DAY',
      'WEEKLY_REST_DAY',
      ...Array(5).fill('PUBLIC_HOLIDAY'),
      'WEEKLY_REST_DAY',
      'WEEKLY_REST_DAY',
      'WORKING_DAY',
    ]);
    expect(tet[3]).toMatchObject({
      payClass: 'HOLIDAY',
      paidOff: true,
      reason: 'Tết Âm lịch Bính Ngọ',
      labourRuleId: 'LAW',
    });
  });

  it("Hùng Kings' day on Sunday 26/4: the seeded Monday 27/4 is its compensatory day, and no second one is made", () => {
    const days = resolveDays(data(), '2026-04-25', '2026-05-04');
    expect(days.map((d) => [d.date, d.type])).toEqual([
      ['2026-04-25', 'WEEKLY_REST_DAY'],
      ['2026-04-26', 'PUBLIC_HOLIDAY'],
      ['2026-04-27', 'COMPENSATORY_DAY_OFF'],
      ['2026-04-28', 'WORKING_DAY'],
      ['2026-04-29', 'WORKING_DAY'],
      ['2026-04-30', 'PUBLIC_HOLIDAY'],
      ['2026-05-01', 'PUBLIC_HOLIDAY'],
      ['2026-05-02', 'WEEKLY_REST_DAY'],
      ['2026-05-03', 'WEEKLY_REST_DAY'],
      ['2026-05-04', 'WORKING_DAY'],
    ]);
    expect(days[1]).toMatchObject({ payClass: 'HOLIDAY', paidOff: true });
    expect(days[2]).toMatchObject({ compensates: '2026-04-26', payClass: 'HOLIDAY', paidOff: true });
    expect(days[2]?.reason).toContain('Giỗ Tổ Hùng Vương 26/04/2026');
    expect(days[2]?.reasonEn).toBe('Nghỉ bù Giỗ Tổ Hùng Vương (in lieu of Giỗ Tổ Hùng Vương 26/04/2026)');
  });

  it('National Day: Saturday 22/8 worked, 29/8 to 2/9 off', () => {
    expect(types(data(), '2026-08-22', '2026-08-22')).toEqual({ '2026-08-22': 'SWAPPED_WORKING_DAY' });
    expect(Object.values(types(data(), '2026-08-29', '2026-09-03'))).toEqual([
      'WEEKLY_REST_DAY',
      'WEEKLY_REST_DAY',
      'SWAPPED_DAY_OFF',
      'PUBLIC_HOLIDAY',
      'PUBLIC_HOLIDAY',
      'WORKING_DAY',
    ]);
  });
});

describe('a holiday on a rest day with no compensatory row (art. 111(3))', () => {
  // the same year without the seeded compensatory row: the resolver owes one itself
  const without = data({ holidays: SEEDED.filter((row) => row.kind !== 'COMPENSATORY_DAY_OFF') });

  it('makes the next working day the compensatory day, saying why', () => {
    const [monday] = resolveDays(without, '2026-04-27', '2026-04-27');
    expect(monday).toMatchObject({
      type: 'COMPENSATORY_DAY_OFF',
      source: 'COMPENSATION',
      compensates: '2026-04-26',
      paidOff: true,
    });
  });

  it('carries what is owed from before the range into it', () => {
    expect(types(without, '2026-04-27', '2026-04-28')).toEqual({
      '2026-04-27': 'COMPENSATORY_DAY_OFF',
      '2026-04-28': 'WORKING_DAY',
    });
  });

  it('owes nothing to a unit whose rest day is not that day: 1/5/2027 is a Saturday', () => {
    const may2027: HolidayRow[] = [
      {
        id: 'L',
        code: 'LABOUR_DAY_2027',
        name: 'Ngày Quốc tế lao động',
        kind: 'PUBLIC_HOLIDAY',
        startDate: '2027-05-01',
        endDate: '2027-05-01',
        paid: true,
      },
    ];
    expect(types(data({ holidays: may2027 }), '2027-05-01', '2027-05-03')).toEqual({
      '2027-05-01': 'PUBLIC_HOLIDAY',
      '2027-05-02': 'WEEKLY_REST_DAY',
      '2027-05-03': 'COMPENSATORY_DAY_OFF',
    });
    // a factory working Saturday mornings: half a rest day, nothing owed
    const factory = data({
      holidays: may2027,
      weeklyRules: [rule('FACTORY', '2020-01-01', null, 'AFTERNOON_OFF')],
    });
    expect(types(factory, '2027-05-01', '2027-05-03')['2027-05-03']).toBe('WORKING_DAY');
  });
});

describe('weekly-off rules', () => {
  it('gives a half rest day its half, and the nearest unit’s rule over the tenant’s newer one', () => {
    const rules = [
      rule('TENANT', '2026-03-01', null, 'OFF'),
      rule('UNIT', '2025-01-01', 0, 'AFTERNOON_OFF'),
      rule('PARENT', '2025-01-01', 1, 'WORK'),
    ];
    const [saturday] = resolveDays(data({ weeklyRules: rules }), '2026-03-07', '2026-03-07');
    expect(saturday).toMatchObject({
      type: 'HALF_REST_DAY',
      restHalf: 'AFTERNOON',
      source: 'WEEKLY_OFF_RULE',
      sourceId: 'UNIT',
      payClass: 'WEEKDAY',
    });
    // without the unit's own rule, its parent's
    expect(
      types(
        data({ weeklyRules: rules.slice(0, 1).concat(rules[2] as WeeklyRule) }),
        '2026-03-07',
        '2026-03-07',
      ),
    ).toEqual({
      '2026-03-07': 'WORKING_DAY',
    });
  });

  it('takes the newest of a unit’s rules in force on each day', () => {
    const rules = [rule('OLD', '2026-01-01', null, 'WORK'), rule('NEW', '2026-03-02', null, 'OFF')];
    expect(
      Object.values(types(data({ weeklyRules: rules, holidays: [] }), '2026-02-28', '2026-03-07')),
    ).toEqual([
      'WORKING_DAY', // Saturday 28/2 by OLD
      'WEEKLY_REST_DAY',
      ...Array(5).fill('WORKING_DAY'),
      'WEEKLY_REST_DAY', // Saturday 7/3 by NEW
    ]);
  });

  it('keeps alternate Saturdays off from the rule’s first week', () => {
    const rules = [{ ...rule('ALT', '2026-03-02', null, 'ALTERNATE_OFF') }];
    const saturdays = ['2026-03-07', '2026-03-14', '2026-03-21', '2026-03-28'];
    expect(saturdays.map((day) => types(data({ weeklyRules: rules, holidays: [] }), day, day)[day])).toEqual([
      'WEEKLY_REST_DAY',
      'WORKING_DAY',
      'WEEKLY_REST_DAY',
      'WORKING_DAY',
    ]);
  });
});

describe('standard working days of a month', () => {
  const standardOf = (d: CalendarData, day: string) => resolveDays(d, day, day)[0]?.standardDays;

  it('counts the month’s weekly working days, the holidays as worked, a swap moved', () => {
    expect(standardOf(data(), '2026-04-15')).toBe('22'); // April 2026: 22 weekdays
    expect(standardOf(data(), '2026-01-15')).toBe('22'); // 22 weekdays, Friday 2/1 off, Saturday 10/1 worked
    // August 2026: 21 weekdays, Saturday 22/8 worked, Monday 31/8 off
    expect(standardOf(data(), '2026-08-03')).toBe('21');
    // Saturday mornings worked: + ½ a Saturday
    const halfSaturdays = data({ weeklyRules: [rule('HALF', '2020-01-01', null, 'AFTERNOON_OFF')] });
    expect(standardOf(halfSaturdays, '2026-04-15')).toBe('24');
  });

  it('answers a fixed number as it is, and nothing without a rule', () => {
    const fixed: StandardRule = {
      id: 'F',
      effectiveDate: '2026-04-01',
      depth: null,
      method: 'FIXED',
      days: '26.000',
    };
    expect(standardOf(data({ standardRules: [calendarRule, fixed] }), '2026-04-15')).toBe('26');
    expect(standardOf(data({ standardRules: [calendarRule, fixed] }), '2026-03-31')).toBe('22');
    expect(standardOf(data({ standardRules: [] }), '2026-04-15')).toBe(null);
  });
});
