import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/database.ts';
import { runInChunks } from '../../../jobs/chunks.ts';
import type { DayRecomputeJob, DayKey } from './recompute-keys.ts';
import { recomputeDays, type RecomputeOutcome } from './recompute-days.ts';
import type { TimesheetInputs } from './inputs.ts';

/** Keys computed per transaction: a month of about 65 workers; short enough to keep the database answering. */
export const RECOMPUTE_BATCH = 2000;

/**
 * Batches of one drain at once, each in its own transaction on its own connection: while one
 * lane's batch is written by the database, another's is computed here (docs/performance.md).
 */
export const RECOMPUTE_LANES = 2;

export interface DrainOptions {
  readonly batch?: number;
  /** batches at once (RECOMPUTE_LANES); 1: one after another */
  readonly lanes?: number;
  /** the job's clock (tests give theirs) */
  readonly now?: () => Date;
  /** after each batch that left more: report progress; false stops (the job was cancelled) */
  readonly between?: (done: RecomputeOutcome) => Promise<boolean>;
}

export interface DrainResult extends RecomputeOutcome {
  readonly stopped: boolean;
}

/**
 * The recomputation job's work for one tenant: takes the waiting keys a batch at a time
 * (FOR UPDATE SKIP LOCKED, so two jobs of one tenant share the keys rather than compute them
 * twice), computes and writes their days, and deletes the keys in the same transaction: a batch
 * that fails leaves its keys for the job's retry.
 */
export async function drainDayRecomputation(
  db: Db,
  tenantId: string,
  inputs: TimesheetInputs,
  {
    batch = RECOMPUTE_BATCH,
    lanes = RECOMPUTE_LANES,
    now = () => new Date(),
    between = async () => true,
  }: DrainOptions = {},
): Promise<DrainResult> {
  const total = { computed: 0, unchanged: 0, held: 0, skipped: 0 };
  let stop = false;
  // Each lane takes its own batches (SKIP LOCKED steps over the other lane's), continuing after
  // its last one rather than stepping again over the index entries of every key already taken
  // (dead until vacuumed); at the end of a pass that began after a cursor, one more from the
  // start, for keys asked for meanwhile behind it. The other lanes start once the first batch
  // was full: a late punch's three keys are one transaction, not one per lane.
  const running: Promise<boolean>[] = [];
  const lane = async (): Promise<boolean> => {
    let after: DayKey | null = null;
    const chunks = await runInChunks(
      db,
      { tenantId, userId: null },
      async (tx) => {
        if (stop) return { count: 0, more: false };
        const { keys, existing } = await takeKeys(tx, tenantId, batch, after);
        const outcome = await recomputeDays(tx, keys, { tenantId, inputs, now: now(), existing });
        total.computed += outcome.computed;
        total.unchanged += outcome.unchanged;
        total.held += outcome.held;
        total.skipped += outcome.skipped;
        const full = keys.length === batch;
        while (full && running.length < lanes) running.push(lane());
        const more = full || after !== null;
        after = full ? (keys[keys.length - 1] ?? null) : null;
        return { count: keys.length, more };
      },
      async () => {
        if (stop) return false;
        stop = !(await between({ ...total }));
        return !stop;
      },
    );
    return chunks.stopped;
  };
  running.push(lane());
  // every lane settled before the drain answers: a failed one leaves no other still writing
  const settled: PromiseSettledResult<boolean>[] = [];
  while (settled.length < running.length)
    settled.push(...(await Promise.allSettled(running.slice(settled.length))));
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return { ...total, stopped: settled.some((r) => r.status === 'fulfilled' && r.value) };
}

/**
 * Up to `limit` waiting keys after `after`, a worker's days together, removed as they are taken:
 * found by the primary key's order from where the last batch ended and deleted by their row ids,
 * so a batch reads about its own keys, not every key taken before it (deleted, but in the index
 * until vacuumed) nor every key still waiting. The same statement tells which of their workers
 * still exist (in the tenant: row-level security), one round trip fewer per batch.
 */
async function takeKeys(
  tx: Tx,
  tenantId: string,
  limit: number,
  after: DayKey | null,
): Promise<{ keys: DayKey[]; existing: Set<string> }> {
  const from = after
    ? sql` and (worker_id, work_date) > (${after.workerId}::uuid, ${after.workDate}::date)`
    : sql``;
  // the workers' existence is looked up once for the batch's distinct workers (an index probe of
  // `id = any(…)`), never once per key: a per-key subquery may be planned as a scan of the
  // tenant's workers per key while their statistics lag (docs/performance.md). A row per worker,
  // its days as one text: the driver parses 65 rows a batch, not 2,000. In the key's order: the
  // last one is where the next batch continues.
  const result = (await tx.execute(sql`
    with taken as (
      delete from tm_day_recompute_keys
       where ctid = any(array(
               select ctid from tm_day_recompute_keys
                where tenant_id = ${tenantId}::uuid${from}
                order by worker_id, work_date
                limit ${limit} for update skip locked))
      returning worker_id, work_date)
    select t.worker_id, string_agg(t.work_date::text, ',' order by t.work_date) as work_dates,
           t.worker_id = any(array(select w.id from workers w
                                    where w.id = any(array(select distinct worker_id from taken)))) as known
      from taken t
     group by t.worker_id
     order by t.worker_id`)) as unknown as {
    rows: { worker_id: string; work_dates: string; known: boolean }[];
  };
  const keys: DayKey[] = [];
  const existing = new Set<string>();
  for (const row of result.rows) {
    for (const workDate of row.work_dates.split(',')) keys.push({ workerId: row.worker_id, workDate });
    if (row.known) existing.add(row.worker_id);
  }
  return { keys, existing };
}

/** The job's handler body: the data names the tenant. */
export function runDayRecomputeJob(
  db: Db,
  inputs: TimesheetInputs,
  data: DayRecomputeJob,
  options: DrainOptions = {},
): Promise<DrainResult> {
  return drainDayRecomputation(db, data.tenantId, inputs, options);
}
