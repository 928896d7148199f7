import type { HoursGrouping, HoursReport } from '@hcm/contracts/timekeeping-reports';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { daysOf, type Period } from './period.ts';
import { rowsOf, type ReportScope } from './report-scope.ts';

/** What an hours report adds up of each day record: its main minutes and its overtime minutes. */
export const HOURS_MEASURES = {
  /** working hours number: worked minutes, every overtime minute */
  working: { minutes: 'r.worked_minutes', overtime: 'r.overtime_minutes' },
  /** night working hours: normal work at night, overtime at night (the three day types) */
  night: {
    minutes: 'r.night_minutes',
    overtime: '(r.ot_weekday_night_minutes + r.ot_rest_night_minutes + r.ot_holiday_night_minutes)',
  },
} as const;
export type HoursMeasure = keyof typeof HOURS_MEASURES;

/**
 * Hours by day or month of the period, and by unit (the worker's own), with the total: one
 * statement, the period's day records of the scope's workers grouped by GROUPING SETS
 * ((period), (unit), ()); `workers` counts each worker once per group.
 */
export async function hoursReport(
  tx: Tx,
  scope: ReportScope,
  measure: HoursMeasure,
  query: Period & { by: HoursGrouping },
): Promise<HoursReport> {
  const columns = HOURS_MEASURES[measure];
  const format = query.by === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  const rows = await rowsOf<{
    grouped: number;
    period: string | null;
    unit_id: string | null;
    code: string | null;
    name: string | null;
    minutes: string;
    overtime: string;
    workers: number;
  }>(
    tx,
    sql`with ${scope.workers}, x as (
          select to_char(r.work_date, ${format}) as period, ws.unit_id, ws.id,
                 ${sql.raw(columns.minutes)} as m, ${sql.raw(columns.overtime)} as o
            from ws join tm_day_records r
              on r.tenant_id = ${scope.tenantId}::uuid and r.worker_id = ws.id
             and r.work_date between ${query.from}::date and ${query.to}::date
           where ${sql.raw(columns.minutes)} > 0 or ${sql.raw(columns.overtime)} > 0),
        g as (
          select grouping(period, unit_id) as grouped, period, unit_id,
                 sum(m) as minutes, sum(o) as overtime, count(distinct id)::int as workers
            from x group by grouping sets ((period), (unit_id), ()))
        select g.*, u.code, u.name from g left join organization_units u on u.id = g.unit_id`,
  );
  const figures = (row: (typeof rows)[number]) => ({
    minutes: Number(row.minutes),
    overtimeMinutes: Number(row.overtime),
    workers: Number(row.workers),
  });
  const none = { minutes: 0, overtimeMinutes: 0, workers: 0 };
  // grouping(): 1 grouped by period, 2 by unit, 3 the total
  const byPeriod = new Map(
    rows.filter((row) => Number(row.grouped) === 1).map((row) => [String(row.period), figures(row)]),
  );
  const periods = [...new Set(daysOf(query).map((day) => (query.by === 'month' ? day.slice(0, 7) : day)))];
  const total = rows.find((row) => Number(row.grouped) === 3);
  return {
    from: query.from,
    to: query.to,
    by: query.by,
    periods: periods.map((period) => ({ period, ...(byPeriod.get(period) ?? none) })),
    units: rows
      .filter((row) => Number(row.grouped) === 2)
      .map((row) => ({
        organizationUnitId: String(row.unit_id),
        code: row.code ?? '',
        name: row.name ?? '',
        ...figures(row),
      }))
      .sort((a, b) => a.code.localeCompare(b.code) || a.name.localeCompare(b.name)),
    total: total ? figures(total) : none,
  };
}
