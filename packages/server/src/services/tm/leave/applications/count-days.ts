import type { LeaveEndHalf, LeavePortion, LeaveStartHalf } from '@hcm/contracts/leave-applications';
import type { Tx } from '../../../../db/database.ts';
import { documentRanges, workOf } from '../../timesheet/fit-windows.ts';
import { total } from '../../timesheet/minute-ranges.ts';
import type { CalendarDayOf, AppliedShift, TimesheetInputs } from '../../timesheet/inputs.ts';
import type { MinuteRange } from '../../timesheet/types.ts';
import { daysBetween } from '../../requests/effects.ts';

/** What a leave application asks for, as the form gives it. */
export interface AskedLeave {
  readonly fromDate: string;
  readonly toDate: string;
  readonly portion: LeavePortion;
  readonly startHalf?: LeaveStartHalf;
  readonly endHalf?: LeaveEndHalf;
  readonly fromTime?: string | null;
  readonly toTime?: string | null;
}

/** One day the leave takes: its share of a day (thousandths) as the timesheet counts it. */
export interface LeaveDay {
  readonly workDate: string;
  readonly value: number;
}

/** 'HH:mm' as minutes from the work day's 00:00. */
export const minutesOf = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours as number) * 60 + (minutes as number);
};

/** The minutes of the work day an HOURS leave covers (null for the other portions). */
export function hoursPeriod(asked: AskedLeave): MinuteRange | null {
  return asked.portion === 'HOURS' && asked.fromTime && asked.toTime
    ? { start: minutesOf(asked.fromTime), end: minutesOf(asked.toTime) }
    : null;
}

/**
 * What of `workDate` the leave covers: hours (a period of minutes), one half of the shift (the
 * first day from its afternoon, the last to its morning), or, with neither, the whole shift.
 */
export function partOfDay(
  asked: AskedLeave,
  workDate: string,
): { readonly period?: MinuteRange; readonly half?: 'FIRST' | 'SECOND' } {
  const period = hoursPeriod(asked);
  if (period) return { period };
  if (workDate === asked.fromDate && asked.startHalf === 'SECOND_HALF') return { half: 'SECOND' };
  if (workDate === asked.toDate && asked.endHalf === 'FIRST_HALF') return { half: 'FIRST' };
  return {};
}

/**
 * The days a leave takes, as the timesheet will count them (docs/leave.md): a day counts when
 * the worker's calendar gives them a shift on a weekday that is not paid off (rest days,
 * holidays and days without a shift are not leave), and it takes what the shift is worth
 * (`dayValue`: a Saturday morning's shift worth ½ takes ½); a half of the shift takes half of
 * it, hours the share of the shift's work minutes they cover.
 */
export function leaveDays(
  asked: AskedLeave,
  shifts: ReadonlyMap<string, AppliedShift> | undefined,
  calendar: ReadonlyMap<string, CalendarDayOf> | undefined,
): LeaveDay[] {
  const taken: LeaveDay[] = [];
  for (const workDate of daysBetween(asked.fromDate, asked.toDate)) {
    const plan = shifts?.get(workDate)?.plan ?? null;
    const day = calendar?.get(workDate);
    if (!plan || !day || day.dayType !== 'WEEKDAY' || day.paidOff) continue;
    const work = workOf(plan);
    const scheduled = total(work);
    if (scheduled <= 0) continue;
    const covered = total(documentRanges(partOfDay(asked, workDate), work));
    const value = Math.round((plan.dayValue * covered) / scheduled);
    if (value > 0) taken.push({ workDate, value });
  }
  return taken;
}

/** The worker's days of the leave read through the engine's own inputs (one statement each). */
export async function countLeaveDays(
  tx: Tx,
  inputs: Pick<TimesheetInputs, 'shifts' | 'dayTypes'>,
  workerId: string,
  asked: AskedLeave,
): Promise<LeaveDay[]> {
  const shifts = await inputs.shifts.shifts(tx, [workerId], asked.fromDate, asked.toDate);
  const calendar = await inputs.dayTypes.days(tx, [workerId], asked.fromDate, asked.toDate);
  return leaveDays(asked, shifts.get(workerId), calendar.get(workerId));
}

/** Thousandths of a day as the contract's decimal ("1.500"). */
export const decimalDays = (thousandths: number): string => {
  const sign = thousandths < 0 ? '-' : '';
  const abs = Math.abs(thousandths);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
};

/** The contract's decimal ("1.5") as thousandths of a day. */
export const thousandthsOf = (days: unknown): number => Math.round(Number(days ?? 0) * 1000);
