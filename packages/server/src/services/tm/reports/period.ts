import { FieldErrorKeys } from '@hcm/contracts';
import { TimekeepingReportLimits } from '@hcm/contracts/timekeeping-reports';
import { validationFailed } from '../../../http/errors.ts';

/** A period of days, both ends included ('YYYY-MM-DD'). */
export interface Period {
  readonly from: string;
  readonly to: string;
}

const DAY_MS = 86_400_000;
const epochDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
export const dateOfEpochDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Whether 'YYYY-MM-DD' is a real date (not 30 February). */
export const isRealDate = (date: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) &&
  !Number.isNaN(epochDay(date)) &&
  dateOfEpochDay(epochDay(date)) === date;

/** The days of a period, in order. */
export function daysOf(period: Period): string[] {
  const first = epochDay(period.from);
  return Array.from({ length: epochDay(period.to) - first + 1 }, (_, i) => dateOfEpochDay(first + i));
}

/** The index of `date` among the period's days (may fall outside 0 … length − 1). */
export const dayIndex = (period: Period, date: string) => epochDay(date) - epochDay(period.from);

const refuse = (field: string, code: string, message: string, params?: Record<string, string | number>) =>
  validationFailed([{ field, code, message, ...(params ? { params } : {}) }], message);

/** A day asked for ('date'), or today when none is given. */
export function dayAsked(date: string | undefined, today: string): string {
  if (date === undefined) return today;
  if (!isRealDate(date)) throw refuse('date', FieldErrorKeys.invalidDate, `${date} is not a date`);
  return date;
}

/**
 * The period asked for: `month` ('YYYY-MM'), or `from` and `to`, or this month when neither.
 * Refused (400, nothing read): one end without the other, a month with an end, a day that is
 * not a date, an end before the start, more than TimekeepingReportLimits.periodMaxDays days.
 */
export function periodAsked(query: { month?: string; from?: string; to?: string }, today: string): Period {
  if (query.month !== undefined && (query.from !== undefined || query.to !== undefined))
    throw refuse('month', FieldErrorKeys.invalidValue, 'Ask for a month or for from and to, not both');
  if (query.from === undefined && query.to === undefined) {
    const month = query.month ?? today.slice(0, 7);
    const [year, number] = month.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
    return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
  }
  if (query.from === undefined) throw refuse('from', FieldErrorKeys.required, 'from is needed with to');
  if (query.to === undefined) throw refuse('to', FieldErrorKeys.required, 'to is needed with from');
  for (const field of ['from', 'to'] as const)
    if (!isRealDate(query[field] as string))
      throw refuse(field, FieldErrorKeys.invalidDate, `${query[field]} is not a date`);
  const days = epochDay(query.to) - epochDay(query.from) + 1;
  if (days < 1) throw refuse('to', FieldErrorKeys.invalidValue, 'The period ends before it starts');
  const max = TimekeepingReportLimits.periodMaxDays;
  if (days > max)
    throw refuse('to', FieldErrorKeys.max, `A report covers at most ${max} days, not ${days}`, {
      required: max,
      actual: days,
      unit: 'DAYS',
    });
  return { from: query.from, to: query.to };
}
