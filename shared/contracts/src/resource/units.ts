import type { DisplayUnit } from './fields.ts';
import { label, type Label } from './label.ts';

/**
 * The units a number field may be typed and shown in while the API keeps another scale
 * (`f.integer({ unit })`): durations the approval engine counts in milliseconds are typed in
 * minutes (core "slaTime (milliseconds, shown as minutes)").
 */
export const Units = {
  /** minutes on screen and in spreadsheets, milliseconds in the API and the database */
  minutesAsMs: { label: label('unit.minutes', 'phút', 'minutes'), factor: 60_000 },
} as const satisfies Record<string, DisplayUnit>;

/** The value shown for an API value (ms → minutes); non-numbers pass through. */
export const shownValue = (unit: DisplayUnit | undefined, value: number): number =>
  unit ? value / unit.factor : value;

/** The API value of a shown one (minutes → ms). */
export const storedValue = (unit: DisplayUnit | undefined, value: number): number =>
  unit ? Math.round(value * unit.factor) : value;

/**
 * The words of a number of months shown as years and months (`f.integer({ shownAs:
 * 'yearsAndMonths' })`): Vietnamese has one form, English a singular and a plural.
 */
export const YearsAndMonthsWords = {
  year: label('unit.year', 'năm', 'year'),
  years: label('unit.years', 'năm', 'years'),
  month: label('unit.month', 'tháng', 'month'),
  months: label('unit.months', 'tháng', 'months'),
} as const;

/**
 * Months as "3 năm 2 tháng" / "3 years 2 months" (a part that is 0 is left out; 0 months is
 * "0 tháng"), `text` giving each word in the reader's language.
 */
export function yearsAndMonths(total: number, text: (word: Label) => string): string {
  const months = Math.max(0, Math.trunc(total));
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const part = (n: number, one: Label, many: Label) => `${n} ${text(n === 1 ? one : many)}`;
  const parts: string[] = [];
  if (years > 0) parts.push(part(years, YearsAndMonthsWords.year, YearsAndMonthsWords.years));
  if (rest > 0 || years === 0) parts.push(part(rest, YearsAndMonthsWords.month, YearsAndMonthsWords.months));
  return parts.join(' ');
}
