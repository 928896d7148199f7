import dayjs from 'dayjs';
import type { DateLike } from '../format/date.ts';

/** A Date that is not a date: what a date input holds while its text is not a valid date. */
export const INVALID_DATE = (): Date => new Date(Number.NaN);
export const isInvalidDate = (value: unknown): boolean =>
  value instanceof Date && Number.isNaN(value.getTime());

function localDate(day: number, month: number, year: number): Date | null {
  const date = new Date(year, month - 1, day);
  date.setFullYear(year);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/**
 * Reads a typed date (catalogues §5.1): dd/MM/yyyy (also d/M/yyyy, and '-' or '.' between),
 * or digits only: 8 as ddMMyyyy (01012024), 7 as dMMyyyy (1012024 is 01/01/2024).
 * Gives null for empty text and an invalid Date for anything else that is not a real date.
 */
export function parseDateText(text: string): Date | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  let match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  if (!match) match = /^(\d{1,2})(\d{2})(\d{4})$/.exec(trimmed);
  if (!match) return INVALID_DATE();
  return localDate(Number(match[1]), Number(match[2]), Number(match[3])) ?? INVALID_DATE();
}

export type DateRangeProblem = 'beforeEffective' | 'afterExpiration';

/**
 * Whether a date lies outside [effectiveDate, expirationDate] (by calendar day), when those are
 * set (core §5: picked dates must not be before the effective date nor after the expiration date).
 */
export function dateRangeProblem(
  date: Date,
  { effectiveDate, expirationDate }: { effectiveDate?: DateLike | null; expirationDate?: DateLike | null },
): DateRangeProblem | null {
  const day = dayjs(date).startOf('day');
  if (effectiveDate && dayjs(effectiveDate).isValid() && day.isBefore(dayjs(effectiveDate).startOf('day')))
    return 'beforeEffective';
  if (expirationDate && dayjs(expirationDate).isValid() && day.isAfter(dayjs(expirationDate).startOf('day')))
    return 'afterExpiration';
  return null;
}
