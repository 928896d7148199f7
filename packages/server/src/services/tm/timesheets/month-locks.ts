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
  const result = (await tx.execute(sql`
    with recursive chain as (
      select w.id as worker_id, w.organization_unit_id as unit_id, 0 as depth
        from workers w
       where w.id = any(${arrayLiteral(workerIds)}::uuid[]) and w.organization_unit_id is not null
      union all
      select c.worker_id, u.parent_id, c.depth + 1
        from chain c join organization_units u on u.id = c.unit_id
       where u.parent_id is not null and c.depth < 64
    )
    select distinct on (c.worker_id, t.month)
           c.worker_id as "workerId", t.month, t.id as "timesheetId", t.approval_status as status
      from chain c
      join tm_timesheets t on t.organization_unit_id = c.unit_id and t.month = any(${arrayLiteral(months)}::text[])
     order by c.worker_id, t.month, c.depth`)) as unknown as {
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
