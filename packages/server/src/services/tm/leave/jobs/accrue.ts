import type { Db, Tx } from '../../../../db/database.ts';
import { runInChunks } from '../../../../jobs/chunks.ts';
import { policyOn, type LeavePolicy } from '../policies/policy-on.ts';
import {
  ledgersOf,
  lockTenantLeave,
  workersOfYear,
  writeEntries,
  type LedgerRow,
  type NewEntry,
} from './ledger-io.ts';
import { accrualsDue, correctionDue, yearPlan, type WorkerService, type YearPlan } from './plan.ts';
import { timesheetYears } from './timesheet-io.ts';

/** Workers a transaction accrues for. */
export const ACCRUAL_CHUNK = 500;

/**
 * The reason of the job's entries that bring a year's accrual down to (or back up to) what the
 * months that count give, when the timesheet says a month over did not count (docs/leave.md
 * "When a month turns out not to count"). It names the entries, so a later run sums them as part
 * of what accrued and never writes one twice.
 */
export const MONTHS_ADJUSTMENT_REASON =
  'Điều chỉnh phép năm theo số tháng làm việc trên bảng công (months worked by the timesheet)';

/**
 * When the leave jobs read the day records: `ALWAYS` (HR's run, a payout, the first day of a
 * month: the month before has just ended), or `WHEN_DUE` — only for the workers with an accrual
 * due and not written (the schedule's day has come), so the other days of a month read nothing.
 */
export type TimesheetReading = 'ALWAYS' | 'WHEN_DUE';

export interface AccrualOptions {
  readonly reading?: TimesheetReading;
  /** the day the records are read as of (a month is over when its last day is before it); default: `today` */
  readonly knownOn?: string;
}

/**
 * The rules a worker's year is accrued by: those in force on the year's first day, or on the
 * first day of service when that is later (a version that begins mid-year governs those who
 * join after it; the others keep the year's rules until the next year).
 */
export async function rulesFor(
  tx: Tx,
  year: number,
  worker: WorkerService,
  cache: Map<string, LeavePolicy>,
): Promise<LeavePolicy> {
  const yearStart = `${year}-01-01`;
  const day = worker.start !== null && worker.start > yearStart ? worker.start : yearStart;
  let policy = cache.get(day);
  if (!policy) {
    policy = await policyOn(tx, day);
    cache.set(day, policy);
  }
  return policy;
}

const isCorrection = (e: LedgerRow) => e.kind === 'ADJUSTED' && e.reason === MONTHS_ADJUSTMENT_REASON;

/**
 * The ACCRUED entries due by `today` for these workers of `year`, and the job's correction when
 * the timesheet's months say less (or again more) than what accrued; written. Answers how many,
 * and each worker's plan as written by (the payout reads it). A worker whose last day has come is
 * not corrected here: the payout takes back what exceeds the pro rata share (payout.ts).
 */
export async function accrueWorkers(
  tx: Tx,
  tenantId: string,
  year: number,
  today: string,
  workers: readonly WorkerService[],
  { reading = 'WHEN_DUE', knownOn = today }: AccrualOptions = {},
): Promise<{ written: number; plans: Map<string, YearPlan> }> {
  const ledgers = await ledgersOf(
    tx,
    year,
    workers.map((w) => w.workerId),
  );
  const cache = new Map<string, LeavePolicy>();
  const rules = new Map<string, LeavePolicy>();
  for (const worker of workers) rules.set(worker.workerId, await rulesFor(tx, year, worker, cache));
  const ledgerOf = (worker: WorkerService) => ledgers.get(worker.workerId) ?? [];
  const accruedOf = (worker: WorkerService) => ledgerOf(worker).filter((e) => e.kind === 'ACCRUED');
  const correctionsOf = (worker: WorkerService) => ledgerOf(worker).filter(isCorrection);
  const policyOf = (worker: WorkerService) => rules.get(worker.workerId) as LeavePolicy;

  // the day records are read for those who need them only, in one statement
  const reads =
    reading === 'ALWAYS'
      ? workers
      : workers.filter(
          (w) =>
            accrualsDue(yearPlan(policyOf(w), w, year), accruedOf(w), today, correctionsOf(w)).length > 0,
        );
  const timesheets = await timesheetYears(tx, tenantId, year, reads, knownOn);
  const read = new Set(reads.map((w) => w.workerId));

  const entries: NewEntry[] = [];
  const plans = new Map<string, YearPlan>();
  for (const worker of workers) {
    const plan = yearPlan(policyOf(worker), worker, year, timesheets.get(worker.workerId));
    plans.set(worker.workerId, plan);
    const written = accruedOf(worker);
    const corrections = correctionsOf(worker);
    const due = accrualsDue(plan, written, today, corrections);
    for (const entry of due)
      entries.push({ workerId: worker.workerId, year, kind: 'ACCRUED', on: entry.on, days: entry.days });
    // corrected only by a plan read from the timesheet; a leaver's last day is the payout's
    if (!read.has(worker.workerId) || (worker.lastDay !== null && today >= worker.lastDay)) continue;
    const correction = correctionDue(plan, [...written, ...due], corrections, today);
    if (correction !== 0)
      entries.push({
        workerId: worker.workerId,
        year,
        kind: 'ADJUSTED',
        on: today,
        days: correction,
        reason: MONTHS_ADJUSTMENT_REASON,
      });
  }
  return { written: await writeEntries(tx, tenantId, entries), plans };
}

/**
 * The year's accrual in one tenant (docs/leave.md "The leave jobs"): every worker on the roll in
 * the year, ACCRUAL_CHUNK a transaction, the entries whose day has come by `today`. A rerun
 * writes nothing (accrualsDue and correctionDue read what is written; the unique key refuses a
 * second accrual a day).
 */
export async function accrueYear(
  db: Db,
  tenantId: string,
  year: number,
  today: string,
  between: () => Promise<boolean> = async () => true,
  options: AccrualOptions = {},
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
      written += (await accrueWorkers(tx, tenantId, year, today, workers, options)).written;
      return { count: workers.length, more: workers.length === ACCRUAL_CHUNK };
    },
    between,
  );
  return { written, stopped: done.stopped };
}
