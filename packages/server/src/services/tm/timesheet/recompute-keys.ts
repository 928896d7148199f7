import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { ANALYZE_AFTER_ROWS, noteBulkWrite } from '../../../db/analyze.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import { addDays, localDateOf } from './dates.ts';
import { VIETNAM_OFFSET_MINUTES } from './inputs.ts';

/** The queue of the day recomputation (recompute-job.ts); a job's data names its tenant. */
export const DAY_RECOMPUTE_QUEUE = 'tm-day-recompute';

/** What a recomputation job carries: the tenant whose waiting keys it drains. */
export interface DayRecomputeJob {
  readonly tenantId: string;
}

/** One (worker, work day) row of the timesheet. */
export interface DayKey {
  readonly workerId: string;
  /** YYYY-MM-DD, the work day in the tenant's zone */
  readonly workDate: string;
}

/** Keys per INSERT statement (two array parameters each). */
const KEYS_PER_STATEMENT = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Asks for the (worker, day) rows `keys` to be computed again — THE entry point for anything that
 * changes a day's inputs: punches stored (the ADMS endpoint, an import, a check-in), a document
 * approved, HR's change of a shift. Call it inside the transaction that stores the change: the
 * keys and the job exist once it commits and never if it rolls back.
 *
 * Keys coalesce: they go to tm_day_recompute_keys (one row per key, duplicates dropped, also
 * against keys still waiting from earlier calls), and one job for the tenant is added when any
 * key was new. The job (recompute-job.ts) computes the waiting keys in batches through the bulk
 * path — only those rows, never a whole month. Answers how many keys were new.
 */
export async function requestDayRecomputation(
  tx: Tx,
  queue: Pick<JobQueue, 'enqueue'>,
  tenantId: string,
  keys: Iterable<DayKey>,
): Promise<number> {
  const unique = new Map<string, DayKey>();
  for (const key of keys) {
    if (!UUID.test(key.workerId) || !DATE.test(key.workDate))
      throw new Error(`day recomputation: not a (worker, day) key: ${key.workerId} ${key.workDate}`);
    unique.set(`${key.workDate}|${key.workerId}`, key);
  }
  const all = [...unique.values()];
  let added = 0;
  for (let start = 0; start < all.length; start += KEYS_PER_STATEMENT) {
    const chunk = all.slice(start, start + KEYS_PER_STATEMENT);
    const result = (await tx.execute(sql`
      insert into tm_day_recompute_keys (tenant_id, work_date, worker_id)
      select ${tenantId}::uuid, k.d, k.w
        from unnest(${`{${chunk.map((k) => k.workDate).join(',')}}`}::date[],
                    ${`{${chunk.map((k) => k.workerId).join(',')}}`}::uuid[]) as k (d, w)
      on conflict do nothing`)) as unknown as { rowCount?: number; affectedRows?: number };
    added += Number(result.rowCount ?? result.affectedRows ?? 0);
  }
  // many keys at once (a month asked for, a calendar approved): the table is analysed once the
  // request commits (db/analyze.ts). Its statistics otherwise know the few keys of last time, and
  // the job's key-taking (recompute-job.ts) sorts every waiting key for each batch rather than
  // walking the primary key: 310,000 keys took 8 s of a month's 17 (docs/performance.md)
  if (added >= ANALYZE_AFTER_ROWS) noteBulkWrite(tx, 'tm_day_recompute_keys', added);
  if (added > 0) await queue.enqueue<DayRecomputeJob>(tx, DAY_RECOMPUTE_QUEUE, [{ data: { tenantId } }]);
  return added;
}

/** A stored punch as the day keys need it: whose, and when. */
export interface PunchOfWorker {
  readonly workerId: string | null;
  readonly punchedAt: Date;
}

/**
 * The days a punch can belong to: its local day, the day before (a night shift's checkout) and
 * the day after (a check-in window opening the evening before). Each is computed again and the
 * pairing decides which one the punch is (day-span.ts): never more than one. Punches not yet
 * matched to a worker touch no day.
 */
export function dayKeysOfPunches(
  punches: Iterable<PunchOfWorker>,
  utcOffsetMinutes = VIETNAM_OFFSET_MINUTES,
): DayKey[] {
  const keys = new Map<string, DayKey>();
  for (const punch of punches) {
    if (!punch.workerId) continue;
    const day = localDateOf(punch.punchedAt.getTime(), utcOffsetMinutes);
    for (const workDate of [addDays(day, -1), day, addDays(day, 1)])
      keys.set(`${workDate}|${punch.workerId}`, { workerId: punch.workerId, workDate });
  }
  return [...keys.values()];
}

/**
 * The entry point for stored punches (helper H3's ADMS endpoint, imports, check-ins): the days
 * they touch, asked for again in the caller's transaction.
 */
export function requestRecomputationForPunches(
  tx: Tx,
  queue: Pick<JobQueue, 'enqueue'>,
  tenantId: string,
  punches: Iterable<PunchOfWorker>,
  utcOffsetMinutes = VIETNAM_OFFSET_MINUTES,
): Promise<number> {
  return requestDayRecomputation(tx, queue, tenantId, dayKeysOfPunches(punches, utcOffsetMinutes));
}
