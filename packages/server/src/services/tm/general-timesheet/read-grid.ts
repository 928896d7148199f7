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
import { legendOf, symbolClasses } from './month-cells.ts';
import {
  columnsOf,
  monthColumnsQuery,
  PageTexts,
  totalsOfMonth,
  type WorkerMonthRow,
} from './month-columns.ts';

export interface GridQuery {
  readonly organizationUnitId: string;
  /** 'YYYY-MM' */
  readonly month: string;
  readonly pageSize: number;
  readonly after?: string | undefined;
}

const rowsOf = async <T>(tx: Tx, query: SQL) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
const uuids = (ids: readonly string[]) => `{${ids.join(',')}}`;

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
  if (workers.length === 0) return { ...page, rows: [], texts: [], lockedWorkerIds: [] };

  const ids = workers.map((w) => w.workerId);
  // one row per worker, in the page's order, each field of their days one JSON array
  // (month-columns.ts): PostgreSQL sums the totals, Node places the values on their days
  const months = await rowsOf<WorkerMonthRow>(tx, monthColumnsQuery(caller.tenantId, ids, from, to));
  const locked = await inputs.locks.lockedMonths(tx, ids, [query.month]);
  const classes = symbolClasses(legend);
  const texts = new PageTexts();
  const rows: GeneralTimesheetRow[] = workers.map((worker, i) => {
    const month = months[i];
    if (month?.workerId !== worker.workerId) throw new Error('the day records came back out of order');
    const { columns, corrected } = columnsOf(month, days.length, texts);
    const standardDays = calendars.get(worker.unitId)?.days[0]?.standardDays ?? null;
    return {
      workerId: worker.workerId,
      code: worker.code,
      fullName: worker.fullName,
      organizationUnitId: worker.unitId,
      columns,
      totals: totalsOfMonth(month.sums, corrected, standardDays, classes),
    };
  });
  return {
    ...page,
    rows,
    texts: texts.texts,
    lockedWorkerIds: ids.filter((id) => locked.get(id)?.has(query.month) ?? false),
  };
}
