import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { tenants } from '../../db/schema.ts';
import { inScope } from '../../db/tenant-scope.ts';
import { runInChunks } from '../../jobs/chunks.ts';
import type { JobControl, JobQueue, QueueSettings } from '../../jobs/job-queue.ts';
import { todayInVietnam } from '../../resources/search/find-latest-effective.ts';
import { noticeExpiringContracts } from './labor-contracts/expiring.ts';
import { refreshContractValidity } from './labor-contracts/refresh-validity.ts';
import { applyDueChanges } from './personnel-changes/apply-due-changes.ts';

/** The date sweep's queue and schedule (docs/jobs.md). */
export const DATE_SWEEP_QUEUE = 'om-date-sweep';

/** Decisions applied per transaction: a backlog of thousands never holds the database for long. */
export const SWEEP_CHUNK = 50;

const SWEEP_SETTINGS: QueueSettings = {
  // a failed run is tried again at its next due time, not sooner (the sweep is idempotent)
  retryLimit: 0,
  retryDelaySeconds: 60,
  retryBackoff: false,
  expireInSeconds: 60 * 60,
};

export interface DateSweepResult {
  /** contracts whose validity changed */
  readonly validity: number;
  /** approved decisions applied to their employees */
  readonly applied: number;
  /** contracts about to expire that HR was told of (once each: expiring.ts) */
  readonly expiryNotices: number;
  /** true when the run was cancelled before it swept every tenant */
  readonly stopped?: boolean;
}

export interface SweepOptions {
  /** decisions per transaction (default SWEEP_CHUNK) */
  readonly chunk?: number;
  /** after each transaction: report progress; false stops the sweep (its job was cancelled) */
  readonly between?: (progress: {
    tenantsDone: number;
    tenants: number;
    applied: number;
  }) => Promise<boolean>;
}

/**
 * What the passing of days changes, in every tenant (each in its own scope and short
 * transactions, so one tenant's failure leaves the others swept): contracts that came into
 * force or expired, approved decisions whose effective date has come (oldest first, SWEEP_CHUNK
 * a transaction), and HR told of contracts about to expire. `today` is the injected clock of tests.
 */
export async function sweepAllTenants(
  db: Db,
  today = todayInVietnam(),
  { chunk = SWEEP_CHUNK, between = async () => true }: SweepOptions = {},
): Promise<DateSweepResult> {
  // the owner with no tenant set reads every tenant row (migration 0002, tenants_read_own)
  const all = await db.select({ id: tenants.id }).from(tenants);
  let validity = 0;
  let applied = 0;
  let expiryNotices = 0;
  for (const [index, { id }] of all.entries()) {
    const scope = { tenantId: id, userId: null };
    validity += await inScope(db, scope, (tx) => refreshContractValidity(tx, today));
    const decisions = await runInChunks(
      db,
      scope,
      async (tx) => {
        const count = await applyDueChanges(tx, today, undefined, chunk);
        return { count, more: count === chunk };
      },
      (done) => between({ tenantsDone: index, tenants: all.length, applied: applied + done }),
    );
    applied += decisions.done;
    if (decisions.stopped) return { validity, applied, expiryNotices, stopped: true };
    expiryNotices += await inScope(db, scope, (tx) => noticeExpiringContracts(tx, id, today));
    if (!(await between({ tenantsDone: index + 1, tenants: all.length, applied })))
      return { validity, applied, expiryNotices, stopped: true };
  }
  return { validity, applied, expiryNotices };
}

/** A cron expression for "every `minutes` minutes", at whole minutes and hours of Vietnam's clock. */
export function cronEvery(minutes: number): string {
  if (minutes < 60) return `*/${minutes} * * * *`;
  const hours = Math.min(24, Math.round(minutes / 60));
  return hours >= 24 ? '0 0 * * *' : `0 */${hours} * * *`;
}

/** The sweep as its job runs it: `today` from the run's due time, progress after each chunk. */
export function sweepForRun(db: Db, dueAt: string, control: JobControl, options: { chunk?: number } = {}) {
  return sweepAllTenants(db, todayInVietnam(new Date(dueAt)), {
    ...options,
    between: ({ tenantsDone, tenants, applied }) =>
      control.report({ done: tenantsDone, total: tenants, message: `${applied} decisions applied` }),
  });
}

/**
 * Registers the date sweep's schedule with the job queue: every `minutes` (Vietnam's midnight
 * falls at 17:00 UTC, so with the hourly default a new day is seen within the hour), run once
 * however many processes run, by whichever process runs jobs; 0 removes the schedule.
 */
export async function scheduleDateSweep(queue: JobQueue, db: Db, log: FastifyBaseLogger, minutes: number) {
  if (minutes <= 0) {
    await queue.unschedule(DATE_SWEEP_QUEUE);
    return;
  }
  await queue.schedule(
    DATE_SWEEP_QUEUE,
    SWEEP_SETTINGS,
    { cron: cronEvery(minutes) },
    async (job, control) => {
      const result = await sweepForRun(db, job.data.dueAt, control);
      if (result.validity + result.applied + result.expiryNotices > 0)
        log.info(result, 'date sweep changed records');
    },
  );
}
