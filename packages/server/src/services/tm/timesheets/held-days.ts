import { TimesheetLimits, type TimesheetHeldDays } from '@hcm/contracts/timesheets';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import { notFound } from '../../../http/errors.ts';
import { reachedWorkersCondition } from '../general-timesheet/read-grid.ts';
import { lastDayOf } from './reopen.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The days of a timesheet's month held for review (docs/timesheets.md, "Held days"): punches
 * that arrived after the month was locked and would change those days. The workers are those the
 * timesheet decides — of its unit and the units below, except a unit below with a timesheet of its
 * own for the month (the nearest decides, as the lock does) — within the caller's reach. One
 * statement: the unit's branch walked down, stopping at units with their own timesheet.
 */
export async function heldDaysOf(tx: Tx, caller: Scope, id: string): Promise<TimesheetHeldDays> {
  const [timesheet] = rowsOf<{ organization_unit_id: string; month: string }>(
    await tx.execute(sql`select organization_unit_id, month from tm_timesheets where id = ${id}::uuid`),
  );
  if (!timesheet) throw notFound('No such timesheet');
  const { organization_unit_id: unitId, month } = timesheet;
  const reached = await reachedWorkersCondition(tx, caller);
  const rows = rowsOf<{
    workerId: string;
    code: string;
    fullName: string;
    workDate: string;
    symbol: string | null;
    heldAt: Date | string;
    total: number;
  }>(
    await tx.execute(sql`
      with recursive branch(id) as (
        select ${unitId}::uuid
        union
        select u.id from organization_units u join branch b on u.parent_id = b.id
         where not exists (select 1 from tm_timesheets t
                            where t.organization_unit_id = u.id and t.month = ${month})
      )
      select w.id as "workerId", w.code, w.full_name as "fullName",
             to_char(r.work_date, 'YYYY-MM-DD') as "workDate",
             coalesce(case when r.corrected_at is not null then r.corrected_symbol end, r.day_symbol) as symbol,
             r.held_at as "heldAt", count(*) over ()::int as total
        from tm_day_records r
        join workers w on w.id = r.worker_id
       where r.work_date between ${`${month}-01`}::date and ${lastDayOf(month)}::date
         and r.held_at is not null
         and w.organization_unit_id in (select id from branch)
         and ${reached}
       order by w.code, r.work_date
       limit ${TimesheetLimits.heldDaysListed}`),
  );
  return {
    total: rows[0]?.total ?? 0,
    days: rows.map(({ total: _total, heldAt, ...day }) => ({
      ...day,
      heldAt: new Date(heldAt).toISOString(),
    })),
  };
}
