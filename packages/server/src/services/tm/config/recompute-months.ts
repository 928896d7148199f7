import { sql } from 'drizzle-orm';
import { ANALYZE_AFTER_ROWS, noteBulkWrite } from '../../../db/analyze.ts';
import type { Db, Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import { lastDayOf } from '../timesheets/reopen.ts';
import { DAY_RECOMPUTE_QUEUE, type DayRecomputeJob } from '../timesheet/recompute-keys.ts';

/** The queue that turns a changed version's months into the engine's (worker, day) keys. */
export const CONFIG_RECOMPUTE_QUEUE = 'tm-config-recompute';

/** A version changed: the months from `from` until `until` (excluded; null: every later one). */
export interface ConfigRecomputeJob {
  readonly tenantId: string;
  readonly from: string;
  readonly until: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The month after 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/**
 * Asks the engine for every day record of `month` again (one INSERT … SELECT into the waiting
 * keys; duplicates of keys still waiting are dropped) and, when any was new, one drain job.
 * Only days that have a record can change with the settings: a day with no punch, no document
 * and no shift has nothing to write whatever the symbols.
 */
export async function requestMonthRecomputation(
  tx: Tx,
  queue: Pick<JobQueue, 'enqueue'>,
  tenantId: string,
  month: string,
): Promise<number> {
  const result = (await tx.execute(sql`
    insert into tm_day_recompute_keys (tenant_id, work_date, worker_id)
    select tenant_id, work_date, worker_id from tm_day_records
     where tenant_id = ${tenantId}::uuid
       and work_date between ${`${month}-01`}::date and ${lastDayOf(month)}::date
    on conflict do nothing`)) as unknown as { rowCount?: number; affectedRows?: number };
  const added = Number(result.rowCount ?? result.affectedRows ?? 0);
  // a month of a large tenant is 310,000 keys: the key table analysed once this commits, as
  // requestDayRecomputation does, or each batch sorts every waiting key (docs/performance.md)
  if (added >= ANALYZE_AFTER_ROWS) noteBulkWrite(tx, 'tm_day_recompute_keys', added);
  if (added > 0) await queue.enqueue<DayRecomputeJob>(tx, DAY_RECOMPUTE_QUEUE, [{ data: { tenantId } }]);
  return added;
}

/**
 * The job of a changed version: its months one transaction each, from `from` to the last month
 * that has day records (or to the month before `until`), so a version changed years back never
 * holds one long transaction. Answers the keys asked for.
 */
export async function recomputeConfigMonths(
  db: Db,
  queue: Pick<JobQueue, 'enqueue'>,
  job: ConfigRecomputeJob,
  between: () => Promise<boolean> = async () => true,
): Promise<number> {
  const scope = { tenantId: job.tenantId, userId: null };
  const [last] = await inScope(db, scope, async (tx) =>
    rowsOf<{ month: string | null }>(
      await tx.execute(sql`
        select to_char(max(work_date), 'YYYY-MM') as month from tm_day_records
         where tenant_id = ${job.tenantId}::uuid`),
    ),
  );
  let asked = 0;
  for (let month = job.from; last?.month && month <= last.month; month = nextMonth(month)) {
    if (job.until !== null && month >= job.until) break;
    asked += await inScope(db, scope, (tx) => requestMonthRecomputation(tx, queue, job.tenantId, month));
    if (!(await between())) break;
  }
  return asked;
}
