/*
 * Calendar days as `yyyy-MM-dd` strings: they compare, sort and key maps as the dates they are,
 * and carry no time zone (a day of the tenant's calendar, not an instant).
 */

const DAY_MS = 86_400_000;

/** The ISO weekdays, Monday first, as the weekly-off rules name them. */
export const WEEKDAY_NAMES = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

const time = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOfTime = (at: number) => new Date(at).toISOString().slice(0, 10);

/** `day` moved by `n` days (negative: earlier). */
export const addDays = (day: string, n: number): string => dayOfTime(time(day) + n * DAY_MS);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((time(to) - time(from)) / DAY_MS);

/** The weekday of a day, Monday first. */
export const weekdayOf = (day: string): WeekdayName =>
  WEEKDAY_NAMES[(new Date(time(day)).getUTCDay() + 6) % 7] as WeekdayName;

/** The Monday of the week a day is in. */
export const mondayOf = (day: string): string => addDays(day, -WEEKDAY_NAMES.indexOf(weekdayOf(day)));

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** `yyyy-MM-dd` of a year, month (1–12) and day. */
export const dayOf = (year: number, month: number, day: number): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Whether a string is a real calendar day `yyyy-MM-dd` (not 2026-02-30). */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = time(value);
  return Number.isFinite(at) && dayOfTime(at) === value;
}
