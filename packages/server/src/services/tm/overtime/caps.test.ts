import { describe, expect, it } from 'vitest';
import { capError, dayCapMinutes, type OvertimeCaps } from './caps.ts';
import { clockOf, periodOf } from './period.ts';

/** Labour Code 2019 art. 107 and Decree 145/2020 art. 60–61, in minutes. */
const LAW: OvertimeCaps = {
  dayPercent: 50,
  dayTotalMinutes: 12 * 60,
  weeklySchedule: false,
  monthMinutes: 40 * 60,
  yearMinutes: 200 * 60,
};
const NONE = { day: 0, month: 0, year: 0 };

describe('the overtime caps', () => {
  it('a day: half the shift’s normal hours, the total on a weekly schedule, 12 h without a shift', () => {
    expect(dayCapMinutes(LAW, 480)).toBe(240);
    expect(dayCapMinutes(LAW, 270)).toBe(135); // 4.5 h of a half day: 2 h 15
    expect(dayCapMinutes({ ...LAW, weeklySchedule: true }, 576)).toBe(144); // 9.6 h a day: 2.4 h
    expect(dayCapMinutes(LAW, 600)).toBe(120); // a 10 h shift: 12 h in total bounds it
    expect(dayCapMinutes(LAW, 0)).toBe(720);
  });

  it('exactly at a cap passes; a minute past it names the cap, its hours and those already used', () => {
    expect(capError('toTime', 240, NONE, LAW, 480)).toBeNull();
    expect(capError('toTime', 241, NONE, LAW, 480)).toMatchObject({
      code: 'error.overtimeDayCap',
      params: { limit: 4, used: 0, asked: 4.02 },
    });
    expect(capError('toTime', 120, { day: 0, month: 2280, year: 2280 }, LAW, 480)).toBeNull();
    const month = capError('toTime', 121, { day: 0, month: 2280, year: 2280 }, LAW, 480);
    expect(month).toMatchObject({ field: 'toTime', code: 'error.overtimeMonthCap' });
    expect(month?.message).toBe(
      'exceeds the monthly cap of 40 h: 38 h already registered this month, 2.02 h asked',
    );
    expect(capError('toTime', 60, { day: 0, month: 0, year: 11_940 }, LAW, 480)).toBeNull();
    expect(capError('toTime', 61, { day: 0, month: 0, year: 11_940 }, LAW, 480)?.code).toBe(
      'error.overtimeYearCap',
    );
  });

  it('a period ending at or before its start ends the next morning', () => {
    expect(periodOf('17:00', '20:00')).toEqual({ start: 1020, end: 1200 });
    expect(periodOf('22:00', '02:00')).toEqual({ start: 1320, end: 1560 });
    expect(clockOf(1560)).toBe('02:00');
  });
});
