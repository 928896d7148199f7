import type { CalendarDay, DayType, HolidayKind, StandardDayMethod } from '@hcm/contracts/labour-calendar';
import type { WorkingWeek } from '@hcm/contracts/system';
import { addDays, eachDay, weekdayOf } from './days.ts';
import { payClassOf } from './pay-rate.ts';
import { calendarReason, compensationReason, weeklyReason } from './reasons.ts';
import { weekDayOf, workedShare, type WeeklyRule, type WeekState } from './weekly.ts';

/** A row of the holiday calendar as the resolver reads it (ACTIVE rows only). */
export interface HolidayRow {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly kind: HolidayKind;
  readonly startDate: string;
  readonly endDate: string;
  readonly paid: boolean;
}

/** A labour rule in force from its date (the rates in whole per cent, hours as decimal strings). */
export interface LabourRuleInForce {
  readonly id: string;
  readonly code: string;
  readonly effectiveDate: string;
  readonly normalHoursPerDay: string;
  readonly normalHoursPerWeek: string;
  readonly nightStartHour: number;
  readonly nightEndHour: number;
  readonly overtimeWeekdayPercent: number;
  readonly overtimeRestDayPercent: number;
  readonly overtimeHolidayPercent: number;
  readonly nightWorkPercent: number;
  readonly nightOvertimePercent: number;
}

/** A standard-working-days rule, with its unit's distance as a weekly rule has it. */
export interface StandardRule {
  readonly id: string;
  readonly effectiveDate: string;
  readonly depth: number | null;
  readonly method: StandardDayMethod;
  /** FIXED: the number as a decimal string */
  readonly days: string | null;
}

/** Everything a range of days is decided by: what resolve.ts reads in one statement. */
export interface CalendarData {
  readonly holidays: readonly HolidayRow[];
  readonly weeklyRules: readonly WeeklyRule[];
  /** System › Configuration's working week: the weekly rule when the tenant has none in force */
  readonly workingWeek: WorkingWeek;
  readonly labourRules: readonly LabourRuleInForce[];
  readonly standardRules: readonly StandardRule[];
}

/**
 * How far before a range the holidays are read: a holiday on a rest day owes its compensatory day
 * to the next working day, which may be in the range (Tết's five days and two weekends fit).
 */
export const COMPENSATION_LOOKBACK_DAYS = 14;

/** Which row of the calendar decides a day two rows cover: the holiday over the day off over the swap. */
const PRECEDENCE: readonly HolidayKind[] = [
  'PUBLIC_HOLIDAY',
  'COMPENSATORY_DAY_OFF',
  'COMPANY_DAY_OFF',
  'SWAPPED_DAY_OFF',
  'SWAPPED_WORKING_DAY',
];

/** The first day of the month of a day, and the last. */
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const monthEnd = (day: string) => addDays(`${addDays(`${day.slice(0, 7)}-28`, 4).slice(0, 7)}-01`, -1);

/** The days a read must cover to resolve `from`–`to`: whole months (standard days), and the lookback. */
export function readWindow(from: string, to: string): { from: string; to: string } {
  return { from: addDays(monthStart(from), -COMPENSATION_LOOKBACK_DAYS), to: monthEnd(to) };
}

/** The newest of `rules` in force on `day` (sorted or not), by effective date. */
function inForce<T extends { effectiveDate: string }>(rules: readonly T[], day: string): T | null {
  let best: T | null = null;
  for (const rule of rules)
    if (rule.effectiveDate <= day && (!best || rule.effectiveDate > best.effectiveDate)) best = rule;
  return best;
}

/** The standard rule of a day: the nearest unit's, then the newest (as weekly rules). */
function standardRuleOn(rules: readonly StandardRule[], day: string): StandardRule | null {
  const rank = (rule: StandardRule) => rule.depth ?? Number.MAX_SAFE_INTEGER;
  let best: StandardRule | null = null;
  for (const rule of rules)
    if (
      rule.effectiveDate <= day &&
      (!best ||
        rank(rule) < rank(best) ||
        (rank(rule) === rank(best) && rule.effectiveDate > best.effectiveDate))
    )
      best = rule;
  return best;
}

interface Walked {
  day: CalendarDay;
  state: WeekState;
}

/**
 * The type of each day from `from` to `to` with why, the labour rule in force and the month's
 * standard working days (docs/timekeeping-calendar.md, "How a day is decided"):
 *
 * 1. A row of the holiday calendar decides the day (by PRECEDENCE when rows overlap).
 * 2. Else the weekly-off rule: a whole rest day, a half rest day, or a working day.
 * 3. A public holiday on a whole weekly rest day owes a compensatory day off: the next
 *    compensatory row of the calendar pays it, else the next whole working day (that is not
 *    a row of the calendar) becomes one. So the seeded 27/04/2026 stands for 26/04/2026 and
 *    a unit that works Saturdays is owed nothing for a Saturday holiday.
 * 4. Standard working days (CALENDAR): the month's days as the weekly rules work them (1, ½, 0),
 *    a swap's worked rest day added and its day off taken away; holidays count as worked (paid).
 *
 * `data` must cover readWindow(from, to).
 */
export function resolveDays(data: CalendarData, from: string, to: string): CalendarDay[] {
  const window = readWindow(from, to);
  const rowOf = new Map<string, HolidayRow>();
  for (const row of data.holidays)
    for (const day of eachDay(
      row.startDate < window.from ? window.from : row.startDate,
      row.endDate > window.to ? window.to : row.endDate,
    )) {
      const held = rowOf.get(day);
      if (!held || PRECEDENCE.indexOf(row.kind) < PRECEDENCE.indexOf(held.kind)) rowOf.set(day, row);
    }

  const owed: { day: string; name: string }[] = [];
  const walked: Walked[] = [];
  for (const date of eachDay(window.from, window.to)) {
    const week = weekDayOf(data.weeklyRules, data.workingWeek, date);
    const row = rowOf.get(date);
    const labour = inForce(data.labourRules, date);
    const base = {
      date,
      restHalf: null,
      compensates: null,
      labourRuleId: labour?.id ?? null,
      standardDays: null,
    };
    let day: CalendarDay;
    if (row) {
      let compensates: { name: string; day: string } | null = null;
      if (row.kind === 'PUBLIC_HOLIDAY' && week.state === 'OFF') owed.push({ day: date, name: row.name });
      if (row.kind === 'COMPENSATORY_DAY_OFF') compensates = owed.shift() ?? null;
      const type: DayType = row.kind;
      const paidOff = row.kind !== 'SWAPPED_WORKING_DAY' && row.paid;
      const reason = calendarReason(row.name, compensates);
      day = {
        ...base,
        type,
        payClass: payClassOf(type, paidOff),
        paidOff,
        source: 'HOLIDAY_CALENDAR',
        sourceId: row.id,
        reason: reason.vi,
        reasonEn: reason.en,
        compensates: compensates?.day ?? null,
      };
    } else if (week.state === 'WORK' && owed.length > 0) {
      const paid = owed.shift() as { day: string; name: string };
      const reason = compensationReason(paid.name, paid.day);
      day = {
        ...base,
        type: 'COMPENSATORY_DAY_OFF',
        payClass: 'HOLIDAY',
        paidOff: true,
        source: 'COMPENSATION',
        sourceId: null,
        reason: reason.vi,
        reasonEn: reason.en,
        compensates: paid.day,
      };
    } else {
      const type: DayType =
        week.state === 'WORK' ? 'WORKING_DAY' : week.state === 'OFF' ? 'WEEKLY_REST_DAY' : 'HALF_REST_DAY';
      const reason = weeklyReason(week.state, weekdayOf(date), week.rule?.name ?? null);
      day = {
        ...base,
        type,
        payClass: payClassOf(type, false),
        paidOff: false,
        restHalf:
          week.state === 'MORNING_OFF' ? 'MORNING' : week.state === 'AFTERNOON_OFF' ? 'AFTERNOON' : null,
        source: week.rule ? 'WEEKLY_OFF_RULE' : 'CONFIGURATION',
        sourceId: week.rule?.id ?? null,
        reason: reason.vi,
        reasonEn: reason.en,
      };
    }
    walked.push({ day, state: week.state });
  }

  const standard = standardDaysByMonth(data, walked);
  return walked
    .filter(({ day }) => day.date >= from && day.date <= to)
    .map(({ day }) => ({ ...day, standardDays: standard.get(day.date) ?? null }));
}

/** The standard working days each day's month has by its rule (a FIXED number, or counted). */
function standardDaysByMonth(data: CalendarData, walked: readonly Walked[]): Map<string, string> {
  const counted = new Map<string, number>();
  for (const { day, state } of walked) {
    const month = day.date.slice(0, 7);
    let share = workedShare(state);
    if (day.type === 'SWAPPED_WORKING_DAY') share = 1;
    else if (day.type === 'SWAPPED_DAY_OFF') share = 0;
    counted.set(month, (counted.get(month) ?? 0) + share);
  }
  const byDay = new Map<string, string>();
  for (const { day } of walked) {
    const rule = standardRuleOn(data.standardRules, day.date);
    if (!rule) continue;
    const days = rule.method === 'FIXED' ? Number(rule.days) : (counted.get(day.date.slice(0, 7)) ?? 0);
    byDay.set(day.date, String(days));
  }
  return byDay;
}
