/*
 * Times as HR reads them: Vietnam's (+07, no daylight saving), whatever the browser's zone, as
 * the month partitions and the timesheet count days.
 */
const VIETNAM_MS = 7 * 3_600_000;

/** 'yyyy-MM-dd' of the instant in Vietnam. */
export const vietnamDay = (instant: Date): string =>
  new Date(instant.getTime() + VIETNAM_MS).toISOString().slice(0, 10);

/** 'dd/MM/yyyy HH:mm:ss' of an ISO instant in Vietnam; empty for none. */
export function vietnamTime(iso: string | null): string {
  if (!iso) return '';
  const local = new Date(Date.parse(iso) + VIETNAM_MS).toISOString();
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 19)}`;
}
