import type { Db, Tx } from '../../../../db/database.ts';
import { runInChunks } from '../../../../jobs/chunks.ts';
import { policyOn, type LeavePolicy } from '../policies/policy-on.ts';
import { ledgersOf, lockTenantLeave, workersOfYear, writeEntries, type NewEntry } from './ledger-io.ts';
import { accrualsDue, yearPlan, type WorkerService } from './plan.ts';

/** Workers a transaction accrues for. */
export const ACCRUAL_CHUNK = 500;

/**
 * The rules a worker's year is accrued by: those in force on the year's first day, or on the
 * first day of service when that is later (a version that begins mid-year governs those who
 * join after it; the others keep the year's rules until the next year).
 */
async function rulesFor(tx: Tx, year: number, worker: WorkerService, cache: Map<string, LeavePolicy>) {
  const yearStart = `${year}-01-01`;
  const day = worker.start !== null && worker.start > yearStart ? worker.start : yearStart;
  let policy = cache.get(day);
  if (!policy) {
    policy = await policyOn(tx, day);
    cache.set(day, policy);
  }
  return policy;
}

/** The ACCRUED entries due by `today` for these workers of `year`, written; answers how many. */
export async function accrueWorkers(
  tx: Tx,
  tenantId: string,
  year: number,
  today: string,
  workers: readonly WorkerService[],
): Promise<number> {
  const ledgers = await ledgersOf(
    tx,
    year,
    workers.map((w) => w.workerId),
  );
  const cache = new Map<string, LeavePolicy>();
  const entries: NewEntry[] = [];
  for (const worker of workers) {
    const plan = yearPlan(await rulesFor(tx, year, worker, cache), worker, year);
    const written = (ledgers.get(worker.workerId) ?? []).filter((e) => e.kind === 'ACCRUED');
    for (const due of accrualsDue(plan, written, today))
      entries.push({ workerId: worker.workerId, year, kind: 'ACCRUED', on: due.on, days: due.days });
  }
  return writeEntries(tx, tenantId, entries);
}

/**
 * The year's accrual in one tenant (docs/leave.md "The leave jobs"): every worker on the roll in
 * the year, ACCRUAL_CHUNK a transaction, the entries whose day has come by `today`. A rerun
 * writes nothing (accrualsDue reads what is written; the unique key refuses a second entry a day).
 */
export async function accrueYear(
  db: Db,
  tenantId: string,
  year: number,
  today: string,
  between: () => Promise<boolean> = async () => true,
): Promise<{ written: number; stopped: boolean }> {
  let after: string | undefined;
  let written = 0;
  const done = await runInChunks(
    db,
    { tenantId, userId: null },
    async (tx) => {
      await lockTenantLeave(tx, tenantId);
      const workers = await workersOfYear(tx, year, { after, limit: ACCRUAL_CHUNK });
      if (workers.length === 0) return { count: 0, more: false };
      after = workers[workers.length - 1]?.workerId;
      written += await accrueWorkers(tx, tenantId, year, today, workers);
      return { count: workers.length, more: workers.length === ACCRUAL_CHUNK };
    },
    between,
  );
  return { written, stopped: done.stopped };
}
