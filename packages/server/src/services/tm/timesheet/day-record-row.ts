import type { BulkRow } from '../../../bulk/index.ts';
import { DayRecordFlags, type tmDayRecords } from '../tables/day-records.ts';
import { DAY_ENGINE_VERSION } from './compute-day.ts';
import { dayStartOf, minuteOf } from './day-span.ts';
import type { DayResult, PunchPair } from './types.ts';

export type DayRecordRow = BulkRow<typeof tmDayRecords>;

/** Pairs kept on the row; the punches themselves stay in tm_punches. */
export const MAX_STORED_PAIRS = 8;

/** "478~1025;1035~": each pair's minutes from the work day's 00:00, an empty side missing. */
export function pairsText(day: DayResult, utcOffsetMinutes: number): string | null {
  if (day.pairs.length === 0) return null;
  const start = dayStartOf(day.workDate, utcOffsetMinutes);
  let text = '';
  for (let i = 0; i < day.pairs.length && i < MAX_STORED_PAIRS; i++) {
    const p = day.pairs[i] as PunchPair;
    text += `${i > 0 ? ';' : ''}${side(p.in, start)}~${side(p.out, start)}`;
  }
  return text;
}

/** A pair's side as its minute of the day; empty when the punch is missing. */
function side(at: number | null, dayStart: number): string {
  return at === null ? '' : String(minuteOf(at, dayStart));
}

/**
 * The day record row of a computed day: the computed columns only. The period and HR's
 * correction are the stored row's, never written by a recomputation (write-day-records.ts).
 */
export function dayRecordRow(
  workerId: string,
  day: DayResult,
  utcOffsetMinutes: number,
  computedAt: Date,
): DayRecordRow {
  const o = day.overtime;
  return {
    workDate: day.workDate,
    workerId,
    shiftCode: day.shiftCode,
    assignmentId: day.assignmentId,
    dayType: day.dayType,
    outcome: day.outcome,
    firstIn: day.firstIn === null ? null : new Date(day.firstIn),
    lastOut: day.lastOut === null ? null : new Date(day.lastOut),
    scheduledMinutes: day.scheduledMinutes,
    workedMinutes: day.workedMinutes,
    lateMinutes: day.lateMinutes,
    earlyMinutes: day.earlyMinutes,
    overtimeMinutes: day.overtimeMinutes,
    nightMinutes: day.nightMinutes,
    otWeekdayDayMinutes: o.weekdayDay,
    otWeekdayNightMinutes: o.weekdayNight,
    otRestDayMinutes: o.restDay,
    otRestNightMinutes: o.restNight,
    otHolidayDayMinutes: o.holidayDay,
    otHolidayNightMinutes: o.holidayNight,
    overtimePaidMinutes: day.overtimePaidMinutes,
    workUnits: day.workUnits,
    paidLeaveUnits: day.paidLeaveUnits,
    unpaidLeaveUnits: day.unpaidLeaveUnits,
    paidUnits: day.paidUnits,
    flags:
      (day.missingIn ? DayRecordFlags.missingIn : 0) |
      (day.missingOut ? DayRecordFlags.missingOut : 0) |
      (day.coreHoursMissed ? DayRecordFlags.coreHoursMissed : 0),
    punchCount: Math.min(day.punchCount, 32_767),
    strayPunches: Math.min(day.strayPunches, 32_767),
    punchPairs: pairsText(day, utcOffsetMinutes),
    daySymbol: day.symbol,
    // computed again: any held mark is cleared (the month is open, the punches are applied)
    heldAt: null,
    engineVersion: DAY_ENGINE_VERSION,
    computedAt,
  };
}
