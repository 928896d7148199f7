import { WORK_CALENDAR_WEEKDAYS, type WorkCalendarWeekday } from '@hcm/contracts/work-calendars';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import type { CalendarRule } from './calendar-rule.ts';
import type { UnitNode, WorkerPlace } from './resolve-days.ts';

async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

interface CalendarRow {
  id: string;
  code: string;
  name: string;
  target_type: CalendarRule['targetType'];
  organization_unit_id: string | null;
  include_sub_units: boolean;
  job_title_id: string | null;
  from_date: string;
  to_date: string | null;
  pattern_type: CalendarRule['patternType'];
  work_shift_id: string | null;
  rotation_unit: 'DAY' | 'WEEK' | null;
  anchor_date: string | null;
  approval_status: string;
  approved_at: string | null;
  weekdays: WorkCalendarWeekday[];
  rotation: (string | null)[];
  worker_ids: string[];
}

/** A calendar row as the resolver reads it, with its approval status for the explanation. */
export type LoadedCalendar = CalendarRule & { readonly approvalStatus: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isoOf = (weekday: WorkCalendarWeekday) => WORK_CALENDAR_WEEKDAYS.indexOf(weekday) + 1;

/**
 * The calendars overlapping [from, to] in ONE query, their lists folded in as JSON (weekdays,
 * rotation slots in order, named workers): `approvedOnly` for the resolver; the explanation
 * reads the pending ones too. Dates come back as text and the approval time as UTC ISO text with
 * microseconds, so that nothing is reinterpreted in the server's time zone and two approvals in
 * one second still compare.
 */
export async function loadCalendars(
  tx: Tx,
  range: { from: string; to: string },
  options: { approvedOnly: boolean; workerId?: string },
): Promise<LoadedCalendar[]> {
  const status = options.approvedOnly
    ? sql`and c.approval_status = 'APPROVED'`
    : sql`and c.approval_status not in ('REJECTED', 'CANCELED')`;
  const rows = await rowsOf<CalendarRow>(
    tx,
    sql`
      select c.id, c.code, c.name, c.target_type, c.organization_unit_id, not c.own_unit_only as include_sub_units,
             c.job_title_id, c.from_date::text as from_date, c.to_date::text as to_date,
             c.pattern_type, c.work_shift_id, c.rotation_unit, c.anchor_date::text as anchor_date,
             c.approval_status,
             to_char(c.approved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as approved_at,
             coalesce((select json_agg(d.weekday) from tm_work_calendar_weekdays d
                        where d.tenant_id = c.tenant_id and d.calendar_id = c.id), '[]') as weekdays,
             coalesce((select json_agg(r.work_shift_id order by r.position) from tm_work_calendar_rotation r
                        where r.tenant_id = c.tenant_id and r.calendar_id = c.id), '[]') as rotation,
             coalesce((select json_agg(w.worker_id order by w.ordinal) from tm_work_calendar_workers w
                        where w.tenant_id = c.tenant_id and w.calendar_id = c.id), '[]') as worker_ids
        from tm_work_calendars c
       where c.from_date <= ${range.to}::date
         and (c.to_date is null or c.to_date >= ${range.from}::date)
         ${status}
         ${
           options.workerId
             ? sql`and (c.target_type <> 'WORKER' or exists (select 1 from tm_work_calendar_workers w
                    where w.tenant_id = c.tenant_id and w.calendar_id = c.id and w.worker_id = ${options.workerId}))`
             : sql``
         }`,
  );
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    targetType: row.target_type,
    organizationUnitId: row.organization_unit_id,
    includeSubUnits: row.include_sub_units,
    jobTitleId: row.job_title_id,
    workerIds: row.worker_ids,
    fromDate: row.from_date,
    toDate: row.to_date,
    weekdays: row.weekdays.map(isoOf),
    patternType: row.pattern_type,
    workShiftId: row.work_shift_id,
    rotationUnit: row.rotation_unit,
    anchorDate: row.anchor_date,
    rotation: row.rotation,
    approved: row.approval_status === 'APPROVED',
    approvedAt: row.approved_at,
    approvalStatus: row.approval_status,
  }));
}

/** The tenant's unit tree (id and parent): one query, a few thousand rows at most. */
export function loadUnits(tx: Tx): Promise<UnitNode[]> {
  return rowsOf<UnitNode>(tx, sql`select id, parent_id as "parentId" from organization_units`);
}

/** Which workers: named ones, or every worker of a unit and the units below it. */
export type WorkerSelection =
  { readonly workerIds: readonly string[] } | { readonly organizationUnitId: string };

/** The selected workers' places, in one query (a recursive walk down the tree for a unit). */
export function loadWorkers(tx: Tx, selection: WorkerSelection): Promise<WorkerPlace[]> {
  const columns = sql`w.id as "workerId", w.organization_unit_id as "organizationUnitId", w.job_title_id as "jobTitleId"`;
  if ('workerIds' in selection) {
    // one array parameter however many workers; a string that is no uuid names no worker
    const ids = selection.workerIds.filter((id) => UUID.test(id));
    if (ids.length === 0) return Promise.resolve([]);
    return rowsOf<WorkerPlace>(
      tx,
      sql`select ${columns} from workers w where w.id = any(${`{${ids.join(',')}}`}::uuid[])`,
    );
  }
  return rowsOf<WorkerPlace>(
    tx,
    sql`with recursive tree as (
          select id from organization_units where id = ${selection.organizationUnitId}
          union select u.id from organization_units u join tree t on u.parent_id = t.id)
        select ${columns} from workers w join tree t on t.id = w.organization_unit_id`,
  );
}
