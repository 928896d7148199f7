import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import type { MonthLockSource } from '../timesheet/inputs.ts';

/*
 * Which months are locked, for the timesheet engine (held days) and the general timesheet's
 * correction (409): docs/timesheets.md, "The lock".
 *
 * A worker's month is decided by the NEAREST timesheet of that month up the worker's unit chain
 * (the worker's own unit, then its parent, …): the timesheet of a unit covers the workers of the
 * units below it unless a nearer unit has a timesheet of its own for the month. The month is
 * locked when that nearest timesheet is APPROVED. The unit is the worker's unit today (their
 * record, moved by approved position assignments), the same the general timesheet lists them
 * under: a worker moved after the month was approved follows their new unit's timesheet.
 */

/** A PostgreSQL array literal of ids or months (neither holds a comma, brace or quote). */
const arrayLiteral = (values: readonly string[]) => `{${values.join(',')}}`;

/** The deciding timesheet of each (worker, month) among those asked: one statement for the batch. */
export async function decidingTimesheets(
  tx: Tx,
  workerIds: readonly string[],
  months: readonly string[],
): Promise<{ workerId: string; month: string; timesheetId: string; status: string }[]> {
  if (workerIds.length === 0 || months.length === 0) return [];
  // the chains are walked per unit, not per worker: a 1,000-worker page in five units walks five
  const result = (await tx.execute(sql`
    with recursive asked as (
      select w.id as worker_id, w.organization_unit_id as unit_id
        from workers w
       where w.id = any(${arrayLiteral(workerIds)}::uuid[]) and w.organization_unit_id is not null
    ),
    up as (
      select distinct unit_id as origin, unit_id as id, 0 as depth from asked
      union all
      select up.origin, u.parent_id, up.depth + 1
        from up join organization_units u on u.id = up.id
       where u.parent_id is not null and up.depth < 64
    ),
    decided as (
      select distinct on (up.origin, t.month) up.origin, t.month, t.id, t.approval_status
        from up
        join tm_timesheets t on t.organization_unit_id = up.id and t.month = any(${arrayLiteral(months)}::text[])
       order by up.origin, t.month, up.depth
    )
    select a.worker_id as "workerId", d.month, d.id as "timesheetId", d.approval_status as status
      from asked a join decided d on d.origin = a.unit_id`)) as unknown as {
    rows: { workerId: string; month: string; timesheetId: string; status: string }[];
  };
  return result.rows;
}

/** The engine's MonthLockSource: the months whose deciding timesheet is APPROVED. */
export const approvedTimesheetLocks: MonthLockSource = {
  lockedMonths: async (tx: Tx, workerIds, months) => {
    const locked = new Map<string, Set<string>>();
    for (const row of await decidingTimesheets(tx, workerIds, months)) {
      if (row.status !== 'APPROVED') continue;
      const set = locked.get(row.workerId) ?? new Set<string>();
      set.add(row.month);
      locked.set(row.workerId, set);
    }
    return locked;
  },
};
