import {
  LEAVE_INSURED_REASONS,
  type LeavePayer,
  type LeaveStatistics,
  type LeaveStatisticsGrouping,
} from '@hcm/contracts/leave-statistics';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { decimalDays, leaveDays, type AskedLeave } from '../leave/applications/count-days.ts';
import type { TimesheetInputs } from '../timesheet/inputs.ts';
import type { Period } from './period.ts';
import { monthsOfPeriod, rowsOf, type ReportScope } from './report-scope.ts';

/*
 * Leave statistics (issue 31 §5; docs/timekeeping-reports.md "Leave statistics"): the days of
 * approved leave in a period by month, unit or leave type. The truth is the approved
 * applications, not the day records: the day records carry no leave type (a symbol such as P is
 * shared by annual, marriage and bereavement leave, and the record does not name the document
 * that made it). An application's `days` is its count as the timesheet counts it, made again on
 * approval (count-days.ts); an application that lies within one row of the report counts its
 * `days` as they are, and only one crossing the period's edge (or a month's, by month) is counted
 * day by day with the same rule (`leaveDays` over the engine's shifts and calendar), so each row
 * gets exactly the days inside it.
 */

export type LeaveInputs = Pick<TimesheetInputs, 'shifts' | 'dayTypes'>;

/** The longest application (migration 0065's check): bounds the scan of from_date below. */
const LONGEST_LEAVE_DAYS = 366;
/** Workers per read of the engine's shifts and calendar for the crossing applications. */
const BATCH_WORKERS = 200;

/**
 * `a`: the scope's approved applications overlapping the period, with the worker's unit. The
 * lower bound on from_date is implied by the other two and the longest leave: it bounds the
 * index range scanned (the partial index of approved applications, or the tenant's by from_date).
 */
const approvedIn = (scope: ReportScope, period: Period) => sql`
  ${scope.workers}, a as (
    select a.id, a.worker_id, ws.unit_id, a.leave_type_id, a.from_date, a.to_date, a.portion,
           a.start_half, a.end_half, a.from_time, a.to_time, a.days
      from ws join tm_leave_applications a on a.tenant_id = ${scope.tenantId}::uuid and a.worker_id = ws.id
     where a.approval_status = 'APPROVED'
       and a.from_date <= ${period.to}::date and a.to_date >= ${period.from}::date
       and a.from_date >= ${period.from}::date - ${LONGEST_LEAVE_DAYS}::int)`;

/** Whether an application of `a` falls in more than one row, or partly outside the period. */
const crossing = (period: Period, groupBy: LeaveStatisticsGrouping): SQL =>
  groupBy === 'month'
    ? sql`(a.from_date < ${period.from}::date or a.to_date > ${period.to}::date
           or date_trunc('month', a.from_date) <> date_trunc('month', a.to_date))`
    : sql`(a.from_date < ${period.from}::date or a.to_date > ${period.to}::date)`;

/** The row of a day: its month by month, else the one bucket of the period. */
const bucketOf = (groupBy: LeaveStatisticsGrouping, day: string) =>
  groupBy === 'month' ? day.slice(0, 7) : '';

interface CrossingLeave extends AskedLeave {
  readonly id: string;
  readonly workerId: string;
}
interface Part {
  readonly id: string;
  readonly bucket: string;
  readonly v: number;
}

/**
 * The days inside the period of the applications that cross a row's edge, per row: the worker's
 * shifts and calendar are read for the days of the period the batch's applications cover (a
 * batch of workers at a time, in order of the first day, so a batch's days stay close).
 */
async function crossingParts(
  tx: Tx,
  inputs: LeaveInputs,
  scope: ReportScope,
  period: Period,
  groupBy: LeaveStatisticsGrouping,
): Promise<Part[]> {
  const leaves = await rowsOf<CrossingLeave>(
    tx,
    sql`with ${approvedIn(scope, period)}
        select a.id, a.worker_id as "workerId", a.from_date::text as "fromDate", a.to_date::text as "toDate",
               a.portion, a.start_half as "startHalf", a.end_half as "endHalf",
               a.from_time as "fromTime", a.to_time as "toTime"
          from a where ${crossing(period, groupBy)}
         order by a.from_date, a.worker_id`,
  );
  const parts: Part[] = [];
  for (let start = 0; start < leaves.length;) {
    const workers = new Set<string>();
    let end = start;
    for (; end < leaves.length; end++) {
      const workerId = (leaves[end] as CrossingLeave).workerId;
      if (workers.size >= BATCH_WORKERS && !workers.has(workerId)) break;
      workers.add(workerId);
    }
    const batch = leaves.slice(start, end);
    start = end;
    const from = batch.reduce((min, l) => (l.fromDate < min ? l.fromDate : min), period.to);
    const to = batch.reduce((max, l) => (l.toDate > max ? l.toDate : max), period.from);
    const first = from < period.from ? period.from : from;
    const last = to > period.to ? period.to : to;
    const ids = [...workers];
    const shifts = await inputs.shifts.shifts(tx, ids, first, last);
    const calendar = await inputs.dayTypes.days(tx, ids, first, last);
    for (const leave of batch) {
      const sums = new Map<string, number>();
      // days outside [first, last] have no shift here: leaveDays passes them by
      for (const day of leaveDays(leave, shifts.get(leave.workerId), calendar.get(leave.workerId))) {
        if (day.workDate < period.from || day.workDate > period.to) continue;
        const bucket = bucketOf(groupBy, day.workDate);
        sums.set(bucket, (sums.get(bucket) ?? 0) + day.value);
      }
      for (const [bucket, v] of sums) parts.push({ id: leave.id, bucket, v });
    }
  }
  return parts;
}

const KEY_OF: Readonly<Record<LeaveStatisticsGrouping, string>> = {
  month: 'bucket',
  unit: 'unit_id::text',
  type: 'leave_type_id::text',
};

/** Who pays a day of the type (contract's LEAVE_PAYERS). */
export const payerOf = (paid: boolean, reason: string): LeavePayer =>
  paid
    ? 'EMPLOYER'
    : (LEAVE_INSURED_REASONS as readonly string[]).includes(reason)
      ? 'SOCIAL_INSURANCE'
      : 'UNPAID';

type Figures = LeaveStatistics['total'];

/**
 * The report in two statements and the crossing applications' day count between them: the
 * applications within one row add their `days`, the crossing ones their parts (handed in as
 * JSON); per row and type, per row, per type and in all the thousandths and the workers (each
 * once), then the names of the rows' units or types.
 */
export async function leaveStatistics(
  tx: Tx,
  scope: ReportScope,
  inputs: LeaveInputs,
  query: Period & { groupBy: LeaveStatisticsGrouping },
): Promise<LeaveStatistics> {
  const { groupBy } = query;
  const parts = await crossingParts(tx, inputs, scope, query, groupBy);
  const bucket = groupBy === 'month' ? sql`to_char(a.from_date, 'YYYY-MM')` : sql`''`;
  const rows = await rowsOf<{
    grouped: number;
    key: string | null;
    type_id: string | null;
    v: string;
    n: number;
  }>(
    tx,
    sql`with ${approvedIn(scope, query)},
        s as (select * from jsonb_to_recordset(${JSON.stringify(parts)}::jsonb) as s(id uuid, bucket text, v int)),
        part as (
          select a.worker_id, a.unit_id, a.leave_type_id, ${bucket} as bucket, round(a.days * 1000)::int as v
            from a where not ${crossing(query, groupBy)}
          union all
          select a.worker_id, a.unit_id, a.leave_type_id, s.bucket, s.v from a join s on s.id = a.id),
        k as (
          select ${sql.raw(KEY_OF[groupBy])} as key, leave_type_id, worker_id, sum(v) as v
            from part group by 1, leave_type_id, worker_id having sum(v) > 0)
        select 1 as grouped, key, leave_type_id::text as type_id, sum(v)::bigint as v, count(*)::int as n
          from k group by key, leave_type_id
        union all
        select 2, key, null, sum(v), count(*)::int
          from (select key, worker_id, sum(v) as v from k group by key, worker_id) w group by key
        union all
        select 3, null, null, coalesce(sum(v), 0), count(*)::int
          from (select worker_id, sum(v) as v from k group by worker_id) w
        union all
        select 4, null, leave_type_id::text, sum(v), count(*)::int
          from (select leave_type_id, worker_id, sum(v) as v from k group by leave_type_id, worker_id) w
         group by leave_type_id`,
  );
  const typeIds = [...new Set(rows.flatMap((row) => (row.type_id ? [row.type_id] : [])))];
  const types = await rowsOf<{ id: string; code: string; name: string; paid: boolean; reason: string }>(
    tx,
    sql`select id::text, code, name, paid, timesheet_reason as reason from leave_types
         where id = any(${`{${typeIds.join(',')}}`}::uuid[]) order by code, name, id`,
  );
  const payer = new Map(types.map((t) => [t.id, payerOf(t.paid, t.reason)]));
  const order = new Map(types.map((t, index) => [t.id, index]));

  // 1: a row's type, 2: a row, 3: the total, 4: a type in the total (workers each once in each)
  const cells = new Map<string, { typeId: string; v: number; n: number }[]>();
  const workers = new Map<string, number>();
  let totalWorkers = 0;
  const totalCells: { typeId: string; v: number; n: number }[] = [];
  for (const row of rows) {
    const grouped = Number(row.grouped);
    if (grouped === 4) totalCells.push({ typeId: String(row.type_id), v: Number(row.v), n: Number(row.n) });
    else if (grouped === 3) totalWorkers = Number(row.n);
    else if (grouped === 2) workers.set(String(row.key), Number(row.n));
    else {
      const list = cells.get(String(row.key)) ?? [];
      list.push({ typeId: String(row.type_id), v: Number(row.v), n: Number(row.n) });
      cells.set(String(row.key), list);
    }
  }
  const figuresOf = (list: readonly { typeId: string; v: number; n: number }[], n: number): Figures => {
    const by = (who: LeavePayer) =>
      decimalDays(list.filter((c) => payer.get(c.typeId) === who).reduce((sum, c) => sum + c.v, 0));
    return {
      days: decimalDays(list.reduce((sum, c) => sum + c.v, 0)),
      employerDays: by('EMPLOYER'),
      socialInsuranceDays: by('SOCIAL_INSURANCE'),
      unpaidDays: by('UNPAID'),
      workers: n,
      byType: [...list]
        .sort((a, b) => (order.get(a.typeId) ?? 0) - (order.get(b.typeId) ?? 0))
        .map((c) => ({ leaveTypeId: c.typeId, days: decimalDays(c.v), workers: c.n })),
    };
  };
  const rowOf = (key: string, code: string, name: string) => ({
    key,
    code,
    name,
    ...figuresOf(cells.get(key) ?? [], workers.get(key) ?? 0),
  });
  const total = figuresOf(totalCells, totalWorkers);

  let reportRows: LeaveStatistics['rows'];
  if (groupBy === 'month') reportRows = monthsOfPeriod(query.from, query.to).map((m) => rowOf(m, m, m));
  else if (groupBy === 'type') reportRows = types.map((t) => rowOf(t.id, t.code, t.name));
  else {
    const units = await rowsOf<{ id: string; code: string; name: string }>(
      tx,
      sql`select id::text, code, name from organization_units
           where id = any(${`{${[...cells.keys()].join(',')}}`}::uuid[]) order by code, name, id`,
    );
    reportRows = units.map((u) => rowOf(u.id, u.code, u.name));
  }
  return {
    from: query.from,
    to: query.to,
    groupBy,
    types: types.map((t) => ({
      leaveTypeId: t.id,
      code: t.code,
      name: t.name,
      payer: payer.get(t.id) ?? 'UNPAID',
    })),
    rows: reportRows,
    total,
  };
}
