import { monthCounts, timesheetMonthsCount, type TimesheetMonth } from '../entitlement.ts';
import type { LedgerEntry } from '../ledger.ts';

/*
 * The months of service that count toward a partial year (Decree 145 art. 65–66, with the
 * tenant's leave-received share; docs/leave.md "The months that count"). A month that is over and
 * has the worker's day records is judged by the TIMESHEET (timesheetMonthsCount); any other month
 * (not over yet, or no records: timekeeping began later, a past imported without days) by the
 * EMPLOYMENT PERIOD: a month fully employed counts; the first and last month count when their
 * employed working days (Monday to Friday) reach the share of the month's working days.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const DAY = 86_400_000;
const at = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last day of a month (1–12) of a year. */
export const monthEnd = (year: number, month: number) => dayOf(Date.UTC(year, month, 0));

/** The day before a day. */
export const dayBefore = (day: string) => dayOf(at(day) - DAY);

/** Monday-to-Friday days from `from` to `to`, both included. */
export function weekdaysBetween(from: string, to: string): number {
  let count = 0;
  for (let t = at(from); t <= at(to); t += DAY) {
    const weekday = new Date(t).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return count;
}

/** A worker's year as the timesheet tells it (jobs/timesheet-io.ts). */
export interface TimesheetYear {
  /** the months (1–12) over when the records were read that hold the worker's day records */
  readonly months: ReadonlyMap<number, TimesheetMonth>;
  /** one month of art. 65's caps, thousandths of a day: the worker's average standard month */
  readonly monthOfWork: number;
}

/**
 * The months of `year` that count for a worker employed from `from` to `until` (both within
 * the year, YYYY-MM-DD), by the share (0, 0.5 or 1) of a month's working days: the timesheet's
 * months by their day records (art. 65's caps used in the year's order), the others by the
 * employment period. A timesheet month outside the employment is not counted.
 */
export function countedMonths(
  year: number,
  from: string,
  until: string,
  share: number,
  timesheet?: TimesheetYear,
): number {
  const employed = (month: number) => `${year}-${pad(month)}-01` <= until && monthEnd(year, month) >= from;
  const judged = [...(timesheet?.months ?? [])]
    .filter(([month]) => employed(month))
    .sort(([a], [b]) => a - b);
  const byTimesheet = new Map<number, boolean>();
  if (timesheet) {
    const counts = timesheetMonthsCount(
      judged.map(([, facts]) => facts),
      share,
      timesheet.monthOfWork,
    );
    judged.forEach(([month], i) => byTimesheet.set(month, counts[i] === true));
  }
  let months = 0;
  for (let month = 1; month <= 12; month++) {
    const first = `${year}-${pad(month)}-01`;
    const last = monthEnd(year, month);
    const start = from > first ? from : first;
    const end = until < last ? until : last;
    if (end < start) continue;
    const told = byTimesheet.get(month);
    if (told !== undefined) {
      if (told) months++;
      continue;
    }
    if (start === first && end === last) {
      months++;
      continue;
    }
    const employed = weekdaysBetween(start, end) * 1000;
    const normal = weekdaysBetween(first, last) * 1000;
    if (monthCounts({ workedDays: employed, paidLeaveDays: 0, normalWorkingDays: normal }, share)) months++;
  }
  return months;
}

/**
 * Accrual entries dated no later than the last day of employment: those the schedule would write
 * after it are due on it (merged into one entry a day), so a leaver receives the year's whole
 * pro rata share by their last day.
 */
export function dueByLastDay(entries: readonly LedgerEntry[], lastDay: string | null): LedgerEntry[] {
  const merged = new Map<string, number>();
  for (const entry of entries) {
    const on = lastDay !== null && entry.on > lastDay ? lastDay : entry.on;
    merged.set(on, (merged.get(on) ?? 0) + entry.days);
  }
  return [...merged]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([on, days]) => ({ kind: 'ACCRUED' as const, on, days }));
}
