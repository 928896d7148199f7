/*
 * Calendar dates as whole day numbers (days since 1970-01-01), so that every step of the
 * resolver is integer arithmetic: no Date in a local time zone, no daylight-saving hour (Vietnam
 * has none, and a server elsewhere must not invent one). A date is the 'YYYY-MM-DD' of the
 * tenant's calendar (UTC+7), kept as written.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** 'YYYY-MM-DD' → its day number; throws on anything else (the routes check first). */
export function dayNumber(date: string): number {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`not a date: ${date}`);
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d)
    throw new RangeError(`not a date: ${date}`);
  return ms / MS_PER_DAY;
}

/** A day number → 'YYYY-MM-DD'. */
export function dateOf(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Whether the string is a real calendar date 'YYYY-MM-DD'. */
export function isDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    dayNumber(value);
    return true;
  } catch {
    return false;
  }
}

/** ISO weekday of a day number: 1 Monday … 7 Sunday (1970-01-01 was a Thursday). */
export function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** The remainder of a division that is never negative (a day before a rotation's anchor). */
export function floorMod(value: number, modulus: number): number {
  return ((value % modulus) + modulus) % modulus;
}
