/*
 * Days as HR reads them: Vietnam's (+07, no daylight saving), whatever the browser's zone, as the
 * server reads "today" and a parameter's or a table's version in force.
 */
const VIETNAM_MS = 7 * 3_600_000;

/** 'YYYY-MM-DD' of the instant in Vietnam (default: now). */
export const todayInVietnam = (instant: Date = new Date()): string =>
  new Date(instant.getTime() + VIETNAM_MS).toISOString().slice(0, 10);

/** 'YYYY-MM-DD' of a calendar day as a date input holds it (local midnight). */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The calendar day 'YYYY-MM-DD' as a date input holds it (local midnight). */
export function dayAsDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
}
