import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { tenants } from '../../../db/schema.ts';
import { runInChunks } from '../../../jobs/chunks.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import type { TimesheetInputs } from './inputs.ts';
import { requestDayRecomputation } from './recompute-keys.ts';

/** Workers looked at per transaction. */
export const ABSENCE_CHUNK = 2000;

export interface AbsenceMarking {
  /** (worker, day) keys asked for: scheduled workers with no day record yet */
  readonly requested: number;
  readonly stopped: boolean;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The daily absence marking for `day`, in every tenant: working employees whom the work
 * calendars give a shift that day and who have no day record for it (no punch touched it, no
 * document) are asked for through the incremental path (requestDayRecomputation), whose job
 * writes their day: ABSENT, or LEAVE when a document covers it. Batched: ABSENCE_CHUNK workers
 * per transaction (three queries: the workers, their shifts, their day records). A worker who
 * punched already has a record and is left alone.
 */
export async function markAbsences(
  db: Db,
  queue: Pick<JobQueue, 'enqueue'>,
  inputs: Pick<TimesheetInputs, 'shifts'>,
  day: string,
  {
    chunk = ABSENCE_CHUNK,
    between = async () => true,
  }: { chunk?: number; between?: () => Promise<boolean> } = {},
): Promise<AbsenceMarking> {
  // the owner with no tenant set reads every tenant row (migration 0002, tenants_read_own)
  const all = await db.select({ id: tenants.id }).from(tenants);
  let requested = 0;
  for (const { id: tenantId } of all) {
    let after = '00000000-0000-0000-0000-000000000000';
    const done = await runInChunks(
      db,
      { tenantId, userId: null },
      async (tx) => {
        const ids = rowsOf<{ id: string }>(
          await tx.execute(sql`
            select id from workers where working_status = 'WORKING' and id > ${after}::uuid
             order by id limit ${chunk}`),
        ).map((r) => r.id);
        if (ids.length === 0) return { count: 0, more: false };
        after = ids[ids.length - 1] as string;
        const shifts = await inputs.shifts.shifts(tx, ids, day, day);
        const scheduled = ids.filter((id) => shifts.get(id)?.get(day)?.plan);
        const recorded = new Set(
          scheduled.length === 0
            ? []
            : rowsOf<{ worker_id: string }>(
                await tx.execute(sql`
                  select worker_id from tm_day_records
                   where tenant_id = ${tenantId}::uuid and work_date = ${day}::date
                     and worker_id = any(${`{${scheduled.join(',')}}`}::uuid[])`),
              ).map((r) => r.worker_id),
        );
        const keys = scheduled
          .filter((id) => !recorded.has(id))
          .map((workerId) => ({ workerId, workDate: day }));
        const added = await requestDayRecomputation(tx, queue, tenantId, keys);
        return { count: added, more: ids.length === chunk };
      },
      between,
    );
    requested += done.done;
    if (done.stopped) return { requested, stopped: true };
  }
  return { requested, stopped: false };
}
