import type { GeneralTimesheetPage, GeneralTimesheetRow } from '@hcm/contracts/general-timesheet';
import { FieldErrorKeys } from '@hcm/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import { notFound, validationFailed } from '../../../http/errors.ts';
import { workerReachOf } from '../../om/workers/worker-reach.ts';
import { resolveCalendars } from '../calendar/resolve.ts';
import { employedDuring } from '../roster/employed-during.ts';
import type { TimesheetInputs } from '../timesheet/inputs.ts';
import { cellOf, legendOf, symbolClasses, totalsOf, type DayRecordOfGrid } from './month-cells.ts';

export interface GridQuery {
  readonly organizationUnitId: string;
  /** 'YYYY-MM' */
  readonly month: string;
  readonly pageSize: number;
  readonly after?: string | undefined;
}

const rowsOf = async <T>(tx: Tx, query: SQL) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
const uuids = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** The day record's columns the grid reads, in DayTuple's order (after the day of the month). */
const DAY_COLUMNS = sql.raw(
  [
    'r.day_symbol',
    'r.outcome',
    'r.day_type',
    'r.shift_code',
    'r.punch_pairs',
    'r.worked_minutes',
    'r.late_minutes',
    'r.early_minutes',
    'r.overtime_minutes',
    'r.night_minutes',
    'r.ot_weekday_day_minutes',
    'r.ot_weekday_night_minutes',
    'r.ot_rest_day_minutes',
    'r.ot_rest_night_minutes',
    'r.ot_holiday_day_minutes',
    'r.ot_holiday_night_minutes',
    'r.work_units',
    'r.paid_leave_units',
    'r.unpaid_leave_units',
    'r.paid_units',
    'r.flags',
    'r.held_at is not null',
    'r.corrected_symbol',
    'r.corrected_paid_units',
    'r.correction_reason',
    'r.corrected_by',
    `to_char(r.corrected_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  ].join(', '),
);
type DayTuple = [
  number,
  string | null,
  string | null,
  DayRecordOfGrid['dayType'],
  string | null,
  string | null,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  boolean,
  string | null,
  number | null,
  string | null,
  string | null,
  string | null,
];
const recordOf = (workerId: string, d: DayTuple): DayRecordOfGrid => ({
  workerId,
  day: d[0],
  daySymbol: d[1],
  outcome: d[2],
  dayType: d[3],
  shiftCode: d[4],
  punchPairs: d[5],
  workedMinutes: d[6],
  lateMinutes: d[7],
  earlyMinutes: d[8],
  overtimeMinutes: d[9],
  nightMinutes: d[10],
  otWeekdayDay: d[11],
  otWeekdayNight: d[12],
  otRestDay: d[13],
  otRestNight: d[14],
  otHolidayDay: d[15],
  otHolidayNight: d[16],
  workUnits: d[17],
  paidLeaveUnits: d[18],
  unpaidLeaveUnits: d[19],
  paidUnits: d[20],
  flags: d[21],
  held: d[22],
  correctedSymbol: d[23],
  correctedPaidUnits: d[24],
  correctionReason: d[25],
  correctedBy: d[26],
  correctedAt: d[27],
});

/** The days of a month 'YYYY-MM', as dates. */
export function daysOfMonth(month: string): string[] {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** The cursor: the list it belongs to (unit and month) and the last row's (code, id), opaque to the client. */
const encodeCursor = (list: string, code: string, id: string) =>
  Buffer.from(JSON.stringify([list, code, id])).toString('base64url');
function decodeCursor(cursor: string, list: string): [string, string] {
  let value: unknown = null;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    // answered below
  }
  const refuse = (message: string) =>
    validationFailed([{ field: 'after', code: FieldErrorKeys.invalidValue, message }], message);
  if (!Array.isArray(value) || value.length !== 3 || !value.every((part) => typeof part === 'string'))
    throw refuse('Not a cursor this list gave');
  if (value[0] !== list)
    throw refuse('The cursor belongs to another unit or month: start from the first page');
  return [value[1] as string, value[2] as string];
}

/** The condition on `workers w` of the caller's data scope (the employees' own: worker-reach.ts). */
export async function reachedWorkersCondition(tx: Tx, caller: Scope): Promise<SQL> {
  const reach = await workerReachOf(tx, caller);
  if (reach.all) return sql`true`;
  const conditions: SQL[] = [];
  if (reach.unitIds.length > 0)
    conditions.push(sql`w.organization_unit_id = any(${uuids(reach.unitIds)}::uuid[])`);
  if (reach.self) conditions.push(sql`w.id = ${reach.self.id}::uuid`);
  return conditions.length === 0 ? sql`false` : sql`(${sql.join(conditions, sql` or `)})`;
}

/**
 * A page of a unit's month (docs/general-timesheet.md): the workers of the unit and the units
 * below it that the caller reaches and who were on the roll in the month (joiners from their
 * day, leavers up to theirs: roster/employed-during.ts), by code, a keyset page past the cursor; each with a cell per
 * day and their totals. A fixed number of statements whatever the page holds: the unit, the
 * caller's reach (cached per transaction), the page of workers, their day records of the month
 * (one index range per worker), the labour calendars of their units (one statement), the locks.
 */
export async function readGridPage(
  tx: Tx,
  caller: Scope & { tenantId: string },
  inputs: Pick<TimesheetInputs, 'locks' | 'settings'>,
  query: GridQuery,
): Promise<GeneralTimesheetPage> {
  const list = `${query.organizationUnitId}|${query.month}`;
  const after = query.after ? decodeCursor(query.after, list) : null;
  const days = daysOfMonth(query.month);
  const from = days[0] as string;
  const to = days[days.length - 1] as string;
  const [unit] = await rowsOf<{ id: string }>(
    tx,
    sql`select id from organization_units where id = ${query.organizationUnitId}::uuid`,
  );
  if (!unit) throw notFound('No such unit');
  const reached = await reachedWorkersCondition(tx, caller);
  const found = await rowsOf<{ workerId: string; code: string; fullName: string; unitId: string }>(
    tx,
    sql`with recursive tree as (
          select id from organization_units where id = ${query.organizationUnitId}::uuid
          union select u.id from organization_units u join tree t on u.parent_id = t.id)
        select w.id as "workerId", w.code, w.full_name as "fullName", w.organization_unit_id as "unitId"
          from workers w join tree t on t.id = w.organization_unit_id
         where ${reached}
           and ${employedDuring(from, to)}
           and ${after ? sql`(w.code, w.id) > (${after[0]}, ${after[1]}::uuid)` : sql`true`}
         order by w.code, w.id
         limit ${query.pageSize + 1}`,
  );
  const workers = found.slice(0, query.pageSize);
  const { settings } = await inputs.settings.settings(tx, query.month);
  const legend = legendOf(settings.symbols);
  const last = workers[workers.length - 1];
  // the unit's calendar (its columns' shading) and its workers' units' (their standard days), in
  // one resolution
  const calendars = await resolveCalendars(tx, {
    tenantId: caller.tenantId,
    organizationUnitIds: [...new Set([query.organizationUnitId, ...workers.map((w) => w.unitId)])],
    from,
    to,
  });
  const unitDays = new Map(
    (calendars.get(query.organizationUnitId)?.days ?? []).map((day) => [day.date, day.type]),
  );
  const page = {
    month: query.month,
    organizationUnitId: query.organizationUnitId,
    days,
    dayTypes: days.map((day) => unitDays.get(day) ?? null),
    legend,
    next: found.length > query.pageSize && last ? encodeCursor(list, last.code, last.workerId) : null,
  };
  if (workers.length === 0) return { ...page, rows: [], lockedWorkerIds: [] };

  const ids = workers.map((w) => w.workerId);
  // one row per worker, their days as one JSON array each: PostgreSQL builds it, Node parses
  // a thousand texts instead of 31,000 rows of typed columns (half the time: bench/general-timesheet.ts)
  const records = (
    await rowsOf<{ workerId: string; days: DayTuple[] }>(
      tx,
      sql`select r.worker_id as "workerId",
                 json_agg(json_build_array(extract(day from r.work_date)::int, ${DAY_COLUMNS})) as days
            from tm_day_records r
           where r.tenant_id = ${caller.tenantId}::uuid and r.worker_id = any(${uuids(ids)}::uuid[])
             and r.work_date between ${from}::date and ${to}::date
           group by r.worker_id`,
    )
  ).flatMap((worker) => worker.days.map((day) => recordOf(worker.workerId, day)));
  const locked = await inputs.locks.lockedMonths(tx, ids, [query.month]);

  const byWorker = new Map<string, DayRecordOfGrid[]>();
  for (const record of records) {
    const mine = byWorker.get(record.workerId) ?? [];
    mine.push(record);
    byWorker.set(record.workerId, mine);
  }
  const classes = symbolClasses(legend);
  const rows: GeneralTimesheetRow[] = workers.map((worker) => {
    const mine = byWorker.get(worker.workerId) ?? [];
    const cells: GeneralTimesheetRow['cells'][number][] = days.map(() => null);
    for (const record of mine) cells[record.day - 1] = cellOf(record);
    const standardDays = calendars.get(worker.unitId)?.days[0]?.standardDays ?? null;
    return {
      workerId: worker.workerId,
      code: worker.code,
      fullName: worker.fullName,
      organizationUnitId: worker.unitId,
      cells,
      totals: totalsOf(mine, standardDays, classes),
    };
  });
  return {
    ...page,
    rows,
    lockedWorkerIds: ids.filter((id) => locked.get(id)?.has(query.month) ?? false),
  };
}
