/**
 * The day `months` calendar months after `day` (yyyy-MM-dd), moved by `shiftDays`; a day the
 * target month lacks falls back to its last day (31 January + 1 month = 28 or 29 February).
 */
export function addMonths(day: string, months: number, shiftDays = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay) + shiftDays);
  return target.toISOString().slice(0, 10);
}

/** The day `days` days after `day` (yyyy-MM-dd); negative goes back. */
export function addDays(day: string, days: number): string {
  return addMonths(day, 0, days);
}
