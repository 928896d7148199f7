import type { PayClass } from '@hcm/contracts/labour-calendar';
import type { Tx } from '../../../db/database.ts';
import { labourCalendarDayTypes } from '../timesheet/calendar-day-types.ts';
import { workOf } from '../timesheet/fit-windows.ts';
import { total } from '../timesheet/minute-ranges.ts';
import type { DayTypeSource, ShiftSource } from '../timesheet/inputs.ts';
import type { MinuteRange } from '../timesheet/types.ts';
import { workCalendarShifts } from '../timesheet/work-calendar-shifts.ts';

/** What a registration's day is for its worker, as the timesheet engine will see it. */
export interface RegisteredDay {
  /** the labour calendar's pay class; a shift on a weekly rest day makes it the worker's weekday */
  readonly dayType: PayClass;
  /** the shift's normal minutes (a flexible shift's required minutes); 0 without a shift */
  readonly normalMinutes: number;
  /** the shift's work (segments less breaks), minutes of the work day */
  readonly work: readonly MinuteRange[];
}

/** Where the day's shift and type come from: the engine's own sources (a test hands its stubs). */
const held: { shifts: ShiftSource; dayTypes: DayTypeSource } = {
  shifts: workCalendarShifts(),
  dayTypes: labourCalendarDayTypes,
};

/** The shift and day-type sources the checks read (the timesheet engine's, or a test's). */
export function overtimeDaysFrom(given: { shifts: ShiftSource; dayTypes: DayTypeSource }): void {
  held.shifts = given.shifts;
  held.dayTypes = given.dayTypes;
}

/**
 * The (worker, day) through the engine's own inputs: the approved work calendars' shift
 * (timesheet/work-calendar-shifts.ts) and the labour calendar's day type
 * (timesheet/calendar-day-types.ts), so the caps and the day type shown are what the timesheet
 * will count.
 */
export async function registeredDay(tx: Tx, workerId: string, day: string): Promise<RegisteredDay> {
  const shifts = await held.shifts.shifts(tx, [workerId], day, day);
  const days = await held.dayTypes.days(tx, [workerId], day, day);
  const plan = shifts.get(workerId)?.get(day)?.plan ?? null;
  const calendarType = days.get(workerId)?.get(day)?.dayType ?? 'WEEKDAY';
  if (!plan || plan.segments.length === 0) return { dayType: calendarType, normalMinutes: 0, work: [] };
  const work = workOf(plan);
  return {
    // as compute-day.ts: a shift on the calendar's weekly rest day is the worker's own working day
    dayType: calendarType === 'REST_DAY' ? 'WEEKDAY' : calendarType,
    normalMinutes: plan.kind === 'FLEXIBLE' ? (plan.requiredMinutes ?? total(work)) : total(work),
    work,
  };
}
