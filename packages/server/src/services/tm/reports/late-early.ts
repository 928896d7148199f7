import {
  TimekeepingReportLimits,
  type LateEarlyFrequency,
  type LateEarlyWorker,
} from '@hcm/contracts/timekeeping-reports';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import type { Period } from './period.ts';
import { rowsOf, type ReportScope } from './report-scope.ts';

const GROUPS = TimekeepingReportLimits.frequencyGroups;

/**
 * Each worker of the scope late or early at least once in the period (`per`): how many days they
 * were late (early) beyond the tolerance, and the minutes. The engine's minutes: a day HR
 * corrected keeps what the punches showed, as the general timesheet's totals do.
 */
const perWorker = (scope: ReportScope, period: Period) => sql`
  with ${scope.workers}, per as (
    select ws.id, ws.code, ws.full_name, ws.unit_id,
           count(*) filter (where r.late_minutes > 0)::int as late_n, sum(r.late_minutes)::int as late_m,
           count(*) filter (where r.early_minutes > 0)::int as early_n, sum(r.early_minutes)::int as early_m
      from ws join tm_day_records r
        on r.tenant_id = ${scope.tenantId}::uuid and r.worker_id = ws.id
       and r.work_date between ${period.from}::date and ${period.to}::date
     where r.late_minutes > 0 or r.early_minutes > 0
     group by ws.id, ws.code, ws.full_name, ws.unit_id)`;

/**
 * Late and early frequency (catalogues §7.5, §9): the workers late 1, 2, … 5 times in the period
 * and those late six times or more (group 6), the same for leaving early; one statement, the
 * per-worker counts grouped again by their group.
 */
export async function lateEarlyFrequency(
  tx: Tx,
  scope: ReportScope,
  period: Period,
): Promise<LateEarlyFrequency> {
  const rows = await rowsOf<{ kind: 'late' | 'early' | 'sum'; times: number; n: number; m: number }>(
    tx,
    sql`${perWorker(scope, period)}
        select 'late' as kind, least(late_n, ${GROUPS}) as times, count(*)::int as n, 0 as m
          from per where late_n > 0 group by 2
        union all
        select 'early', least(early_n, ${GROUPS}), count(*)::int, 0 from per where early_n > 0 group by 2
        union all
        select 'sum', 0, 0, coalesce(sum(late_m), 0)::int from per
        union all
        select 'sum', 1, 0, coalesce(sum(early_m), 0)::int from per`,
  );
  const groups = Array.from({ length: GROUPS }, (_, i) => ({ times: i + 1, late: 0, early: 0 }));
  let lateMinutes = 0;
  let earlyMinutes = 0;
  for (const row of rows) {
    const times = Number(row.times);
    if (row.kind === 'sum') {
      if (times === 0) lateMinutes = Number(row.m);
      else earlyMinutes = Number(row.m);
      continue;
    }
    const group = groups[times - 1];
    if (group) group[row.kind] = Number(row.n);
  }
  return {
    from: period.from,
    to: period.to,
    groups,
    lateWorkers: groups.reduce((sum, g) => sum + g.late, 0),
    earlyWorkers: groups.reduce((sum, g) => sum + g.early, 0),
    lateMinutes,
    earlyMinutes,
  };
}

/** Which workers of the frequency: late or early that many times (6: six or more), or all of them. */
export interface FrequencyFilter {
  readonly kind?: 'late' | 'early' | undefined;
  readonly times?: number | undefined;
}

function filterOf(filter: FrequencyFilter): SQL {
  if (!filter.kind) return sql`true`;
  const column = sql.raw(filter.kind === 'late' ? 'late_n' : 'early_n');
  if (filter.times === undefined) return sql`${column} > 0`;
  return filter.times >= GROUPS ? sql`${column} >= ${GROUPS}` : sql`${column} = ${filter.times}`;
}

/** The workers behind the frequency, most times first (late and early together), then by code. */
export async function lateEarlyWorkers(
  tx: Tx,
  scope: ReportScope,
  period: Period,
  query: FrequencyFilter & { pageIndex: number; pageSize: number },
): Promise<{ rows: LateEarlyWorker[]; total: number }> {
  const rows = await rowsOf<Record<string, string | number>>(
    tx,
    sql`${perWorker(scope, period)}
        select per.id, per.code, per.full_name, u.name as unit_name, late_n, late_m, early_n, early_m,
               count(*) over ()::int as total
          from per join organization_units u on u.id = per.unit_id
         where ${filterOf(query)}
         order by late_n + early_n desc, per.code, per.id
         limit ${query.pageSize} offset ${(query.pageIndex - 1) * query.pageSize}`,
  );
  return {
    rows: rows.map((row) => ({
      workerId: String(row.id),
      code: String(row.code),
      fullName: String(row.full_name),
      unitName: String(row.unit_name),
      lateTimes: Number(row.late_n),
      lateMinutes: Number(row.late_m),
      earlyTimes: Number(row.early_n),
      earlyMinutes: Number(row.early_m),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}
