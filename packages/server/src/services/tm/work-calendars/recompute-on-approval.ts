import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { recomputeQueue } from '../timesheet/engine-queue.ts';
import { requestDayRecomputation, type DayKey } from '../timesheet/recompute-keys.ts';

/*
 * An approved calendar changes the shift of the days it claims: the timesheet days already
 * computed for its workers in its range are computed again (the timesheet engine's incremental
 * path, docs/timesheet-engine.md), through the queue the tm service handed over
 * (timesheet/engine-queue.ts).
 */

/**
 * Asks for the computed days of the workers `calendarId` reaches, within its dates, to be
 * computed again; in the approving transaction, so they are asked for exactly when it commits.
 * Days not computed yet need nothing: they will read the calendar when they are. Answers how many
 * keys were new.
 */
export async function recomputeCalendarDays(tx: Tx, tenantId: string, calendarId: string): Promise<number> {
  const queue = recomputeQueue();
  if (!queue) return 0;
  const keys = (
    (await tx.execute(sql`
    with recursive c as (select * from tm_work_calendars where id = ${calendarId}),
    units as (
      select c.organization_unit_id as id from c where c.organization_unit_id is not null
      union
      select u.id from organization_units u join units p on u.parent_id = p.id, c where not c.own_unit_only
    ),
    reached as (
      select w.id from workers w, c
       where (c.target_type in ('UNIT', 'WORKING_GROUP') and w.organization_unit_id in (select id from units))
          or (c.target_type = 'JOB_TITLE' and w.job_title_id = c.job_title_id)
          or (c.target_type = 'WORKER' and w.id in (select worker_id from tm_work_calendar_workers cw
                                                      where cw.tenant_id = c.tenant_id and cw.calendar_id = c.id))
    )
    select d.worker_id as "workerId", d.work_date::text as "workDate"
      from tm_day_records d, c
     where d.tenant_id = c.tenant_id
       and d.work_date >= c.from_date and (c.to_date is null or d.work_date <= c.to_date)
       and d.worker_id in (select id from reached)`)) as unknown as { rows: DayKey[] }
  ).rows;
  return keys.length === 0 ? 0 : requestDayRecomputation(tx, queue, tenantId, keys);
}
