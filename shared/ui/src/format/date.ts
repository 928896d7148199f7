import dayjs, { type Dayjs } from 'dayjs';

/**
 * The date formats of catalogues §9 (written there as dd/MM/yyyy etc.), as dayjs patterns.
 * `week` is special: ISO week-year and week number, YYYY-ww.
 */
export const DateFormats = {
  /** dd/MM/yyyy */
  date: 'DD/MM/YYYY',
  /** MM/yyyy */
  monthYear: 'MM/YYYY',
  /** yyyy-MM-dd: what forms send */
  isoDate: 'YYYY-MM-DD',
  /** HH:mm dd/MM/yyyy */
  timeDate: 'HH:mm DD/MM/YYYY',
  /** yyyy */
  year: 'YYYY',
  /** yyyy-MM */
  yearMonth: 'YYYY-MM',
  /** YYYY-ww (ISO week) */
  week: 'week',
  /** yyyy-MM-dd HH:mm:ss */
  dateTime: 'YYYY-MM-DD HH:mm:ss',
  /** HH:mm:ss: what forms send for time fields */
  time: 'HH:mm:ss',
} as const;
export type DateFormat = keyof typeof DateFormats;

export type DateLike = Date | Dayjs | string | number;

/** A valid dayjs date of a Date, dayjs, epoch milliseconds or ISO string; null otherwise. */
export function toDayjs(value: DateLike | null | undefined): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const date = dayjs(value);
  return date.isValid() ? date : null;
}

/** ISO 8601 week-year and week number (weeks start on Monday; week 1 holds the first Thursday). */
export function isoWeek(value: Dayjs): { year: number; week: number } {
  const date = new Date(Date.UTC(value.year(), value.month(), value.date()));
  const day = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - day);
  const year = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return { year, week };
}

/** formatDate('2024-03-05T08:07:00', 'timeDate') === '08:07 05/03/2024'; '' for nothing or an invalid date. */
export function formatDate(value: DateLike | null | undefined, format: DateFormat = 'date'): string {
  const date = toDayjs(value);
  if (!date) return '';
  if (format === 'week') {
    const { year, week } = isoWeek(date);
    return `${year}-${String(week).padStart(2, '0')}`;
  }
  return date.format(DateFormats[format]);
}
