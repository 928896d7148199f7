/** The days a dashboard looks at, from the server's today (yyyy-MM-dd, Vietnam). */
export interface DashboardDates {
  readonly today: string;
  /** how many days ahead the contract cards look (the tenant's expiry notice days) */
  readonly horizonDays: number;
  /** today + horizonDays: the last day of the contract cards */
  readonly horizon: string;
  readonly monthStart: string;
  readonly monthEnd: string;
  readonly year: number;
  readonly month: number;
}

const DAY_MS = 86_400_000;
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const asDay = (date: Date) => date.toISOString().slice(0, 10);

export function dashboardDates(today: string, horizonDays: number): DashboardDates {
  const start = asDate(today);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + 1;
  return {
    today,
    horizonDays,
    horizon: asDay(new Date(start.getTime() + horizonDays * DAY_MS)),
    monthStart: asDay(new Date(Date.UTC(year, month - 1, 1))),
    monthEnd: asDay(new Date(Date.UTC(year, month, 0))),
    year,
    month,
  };
}
