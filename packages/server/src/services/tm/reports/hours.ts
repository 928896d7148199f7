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
 * statement: the period's day records of the scope's workers summed per worker and period, then
 * per period, per unit and in all; `workers` counts each worker once per group.
 */
export async function hoursReport(
  tx: Tx,
  scope: ReportScope,
  measure: HoursMeasure,
  query: Period & { by: HoursGrouping },
): Promise<HoursReport> {
  const columns = HOURS_MEASURES[measure];
  const format = query.by === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  // a worker has one record a day: by day the rows are already per worker and period
  const perWorker =
    query.by === 'day'
      ? sql`select day as period, unit_id, id, m, o from x`
      : sql`select date_trunc('month', day)::date as period, unit_id, id, sum(m) as m, sum(o) as o
              from x group by 1, unit_id, id`;
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
          select r.work_date as day, ws.unit_id, ws.id,
                 ${sql.raw(columns.minutes)} as m, ${sql.raw(columns.overtime)} as o
            from ws join tm_day_records r
              on r.tenant_id = ${scope.tenantId}::uuid and r.worker_id = ws.id
             and r.work_date between ${query.from}::date and ${query.to}::date
           where ${sql.raw(columns.minutes)} > 0 or ${sql.raw(columns.overtime)} > 0),
        -- each worker once per period, then once per unit and in the total: plain counts, no
        -- count(distinct) (a sort per grouping set); periods grouped as dates, named at the end
        pw as (${perWorker}),
        w as (select unit_id, id, sum(m) as m, sum(o) as o from pw group by unit_id, id),
        g as (
          select 1 as grouped, to_char(period, ${format}) as period, null::uuid as unit_id, sum(m) as minutes, sum(o) as overtime,
                 count(*)::int as workers from pw group by period
          union all
          select 2, null, unit_id, sum(m), sum(o), count(*)::int from w group by unit_id
          union all
          select 3, null, null, sum(m), sum(o), count(*)::int from w)
        select g.*, u.code, u.name from g left join organization_units u on u.id = g.unit_id`,
  );
  const figures = (row: (typeof rows)[number]) => ({
    minutes: Number(row.minutes),
    overtimeMinutes: Number(row.overtime),
    workers: Number(row.workers),
  });
  const none = { minutes: 0, overtimeMinutes: 0, workers: 0 };
  // 1 a period, 2 a unit, 3 the total
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
