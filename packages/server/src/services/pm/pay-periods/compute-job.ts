import { FieldErrorKeys } from '@hcm/contracts';
import { PayPeriodLimits } from '@hcm/contracts/pay-periods';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/database.ts';
import { inScope, type Scope } from '../../../db/tenant-scope.ts';
import { validationFailed } from '../../../http/errors.ts';
import type { JobControl, JobQueue, QueuedJob, QueueSettings } from '../../../jobs/job-queue.ts';
import { recordActions, type ActionContext } from '../../../resources/action-log/record-actions.ts';
import { lockedSheet, refuseStale, refuseUnlessWritable, type SheetRow } from './guards.ts';
import { payMonthOf, writeRoster } from './roster.ts';
import type { RunPlan } from './run-plan.ts';
import { computeWorkers, writeWorkers, type ComputedWorkers, type SettleContext } from './settle-workers.ts';
import type { PayrollSources } from './sources.ts';

/*
 * Computing a pay period (docs/payroll-periods.md, "Computing"): a background job of the job
 * queue (docs/jobs.md) in chunks.
 *
 * 1. POST …/{id}/compute (startComputation): in the request's transaction the sheet's row is
 *    locked, a sheet in approval, approved or locked is refused, and so is one whose computation
 *    is running (409: never two writers; the second is refused, not joined); the job is enqueued
 *    in the same transaction and the sheet marked COMPUTING with the job's id.
 * 2. The job (runComputation), first transaction: the template compiled ONCE (its current
 *    version, recorded as the sheet's template_version: a template changed during the run does
 *    not change it), the month's lookup tables bound, the sheet's workers written (roster.ts, all
 *    PENDING) and the run's old lines deleted.
 * 3. Chunks of PayPeriodLimits.chunkWorkers workers (computeInChunks), each read (loaded and
 *    computed) in a short transaction of its own while the one before it is written in another:
 *    the sheet's row locked and checked to be still this job's, the lines replaced, the workers
 *    settled (settle-workers.ts), the progress counted on the sheet and reported to the job
 *    (GET /api/system/jobs/{id}).
 * 4. The end: COMPUTED, or COMPUTED_WITH_ERRORS when a worker failed; INTERRUPTED when the job
 *    was cancelled (after the chunk in flight), the template no longer checks, or the last try
 *    failed. A computation started again replaces everything of the run.
 */

export const COMPUTE_QUEUE = 'pm-pay-period-compute';

export const COMPUTE_SETTINGS: QueueSettings = {
  // a try that fails starts over from step 2 (everything of the run is replaced)
  retryLimit: 2,
  retryDelaySeconds: 5,
  retryBackoff: true,
  // 10,000 workers take seconds; a process that died is taken as lost after this
  expireInSeconds: 30 * 60,
};

export interface ComputeJob {
  readonly tenantId: string;
  readonly payPeriodId: string;
  /** who started it: the lines' and the log's actor */
  readonly userId: string | null;
}

const COMPUTE_ACTION_RESOURCE = 'pay_period';

async function logTransition(
  tx: Tx,
  actor: ActionContext,
  sheet: SheetRow,
  changes: Record<string, { before: unknown; after: unknown }>,
) {
  await recordActions(tx, actor, [
    { resource: COMPUTE_ACTION_RESOURCE, recordId: sheet.id, action: 'UPDATE', changes },
  ]);
}

/** Step 1: the request's part. Answers the job's id. */
export async function startComputation(
  tx: Tx,
  queue: Pick<JobQueue, 'enqueue'>,
  actor: ActionContext & { scope: Scope & { tenantId: string } },
  id: string,
  input: { version?: number | undefined },
  now: Date,
): Promise<string> {
  const sheet = await lockedSheet(tx, id);
  refuseStale(sheet, input.version);
  await refuseUnlessWritable(tx, sheet);
  if (sheet.template_id === null)
    throw validationFailed(
      [{ field: 'templateId', code: FieldErrorKeys.required, message: 'is required to compute' }],
      'The pay period has no payroll template: choose one before computing',
    );
  const data: ComputeJob = { tenantId: actor.scope.tenantId, payPeriodId: id, userId: actor.scope.userId };
  const [jobId] = await queue.enqueue(tx, COMPUTE_QUEUE, [
    {
      data,
      ...(actor.scope.userId ? { startedBy: { tenantId: data.tenantId, userId: actor.scope.userId } } : {}),
    },
  ]);
  if (!jobId) throw new Error('the computation job was not queued');
  await tx.execute(sql`
    update pay_periods
       set compute_status = 'COMPUTING', compute_job_id = ${jobId},
           compute_started_at = ${now.toISOString()}::timestamptz, compute_error = null,
           workers_done = 0, workers_failed = 0, version = version + 1,
           last_modified_at = ${now.toISOString()}::timestamptz, last_modified_by = ${actor.scope.userId}::uuid
     where id = ${id}::uuid`);
  await logTransition(tx, actor, sheet, {
    computeStatus: { before: sheet.compute_status, after: 'COMPUTING' },
    computeJobId: { before: sheet.compute_job_id, after: jobId },
  });
  return jobId;
}

/** The sheet, locked, if it is still this job's computation; null when the job is no longer wanted. */
async function ownSheet(tx: Tx, job: QueuedJob<ComputeJob>): Promise<SheetRow | null> {
  const sheet = await lockedSheet(tx, job.data.payPeriodId);
  return sheet.compute_status === 'COMPUTING' && sheet.compute_job_id === job.id ? sheet : null;
}

async function finish(
  tx: Tx,
  job: QueuedJob<ComputeJob>,
  actor: ActionContext,
  outcome: { status: 'COMPUTED' | 'INTERRUPTED'; error?: string },
  now: Date,
): Promise<void> {
  const sheet = await ownSheet(tx, job);
  if (!sheet) return;
  const [counts] = (
    (await tx.execute(sql`
      select count(*) filter (where status = 'FAILED')::int as failed,
             count(*) filter (where status <> 'PENDING')::int as done
        from pay_period_workers where pay_period_id = ${sheet.id}::uuid`)) as unknown as {
      rows: { failed: number; done: number }[];
    }
  ).rows;
  const failed = counts?.failed ?? 0;
  const status =
    outcome.status === 'INTERRUPTED' ? 'INTERRUPTED' : failed > 0 ? 'COMPUTED_WITH_ERRORS' : 'COMPUTED';
  await tx.execute(sql`
    update pay_periods
       set compute_status = ${status}, workers_done = ${counts?.done ?? 0}, workers_failed = ${failed},
           computed_at = ${status === 'INTERRUPTED' ? null : now.toISOString()}::timestamptz,
           compute_error = ${outcome.error?.slice(0, 1000) ?? null},
           version = version + 1, last_modified_at = ${now.toISOString()}::timestamptz
     where id = ${sheet.id}::uuid`);
  await logTransition(tx, actor, sheet, {
    computeStatus: { before: 'COMPUTING', after: status },
    workersFailed: { before: sheet.workers_failed, after: failed },
    ...(outcome.error ? { computeError: { before: null, after: outcome.error } } : {}),
  });
}

/**
 * Step 3: the workers in chunks. A chunk is read — its workers loaded and computed, in a
 * transaction that only reads — while the chunk before it is written in a transaction of its own
 * (the sheet's row locked and checked to be still this job's, the lines replaced, the workers
 * settled, the progress counted): reading is the loader's SQL and the formulas in JavaScript,
 * writing the bulk path's SQL, so on PostgreSQL the two overlap; on the embedded database the read
 * waits for its turn. Nothing is held between two transactions (docs/jobs.md, "Long jobs on the
 * embedded database"), and the job's report between two chunks stops it when it was cancelled.
 */
async function computeInChunks(
  deps: ComputeDeps,
  job: QueuedJob<ComputeJob>,
  scope: Scope,
  control: JobControl,
  run: SettleContext & { readonly total: number; readonly ids: readonly string[] },
): Promise<{ done: number; stopped: boolean; gone: boolean }> {
  const size = PayPeriodLimits.chunkWorkers;
  const chunks = Array.from({ length: Math.ceil(run.ids.length / size) }, (_, i) =>
    run.ids.slice(i * size, (i + 1) * size),
  );
  const read = (ids: readonly string[]) => {
    const computed = inScope(deps.db, scope, (tx) => computeWorkers(tx, run, ids));
    // awaited once the chunk before it is written; a failure meanwhile is not unhandled
    computed.catch(() => undefined);
    return computed;
  };
  let next = chunks[0] ? read(chunks[0]) : null;
  let done = 0;
  try {
    for (let i = 0; i < chunks.length; i++) {
      const computed = await (next as Promise<ComputedWorkers>);
      const following = chunks[i + 1];
      next = following ? read(following) : null;
      const written = await inScope(deps.db, scope, async (tx) => {
        const sheet = await ownSheet(tx, job);
        if (!sheet) return null;
        const settled = await writeWorkers(tx, { ...run, sheet }, computed);
        await tx.execute(sql`
          update pay_periods set workers_done = workers_done + ${settled.done},
                 workers_failed = workers_failed + ${settled.failed}
           where id = ${sheet.id}::uuid`);
        return settled;
      });
      if (!written) return { done, stopped: false, gone: true };
      done += written.done;
      if (following && !(await control.report({ done, total: run.total })))
        return { done, stopped: true, gone: false };
    }
    return { done, stopped: false, gone: false };
  } finally {
    // a chunk read ahead of a stop is dropped: its transaction only read
    if (next) await next.catch(() => undefined);
  }
}

export interface ComputeDeps {
  readonly db: Db;
  readonly sources: PayrollSources;
  readonly now: () => Date;
}

/** Steps 2 to 4: the job's handler. */
export async function runComputation(
  deps: ComputeDeps,
  job: QueuedJob<ComputeJob>,
  control: JobControl,
): Promise<void> {
  const { tenantId, userId } = job.data;
  const scope: Scope = { tenantId, userId };
  const actor: ActionContext = { scope, ip: null, userAgent: `job ${COMPUTE_QUEUE} ${job.id}` };
  try {
    const prepared = await inScope(deps.db, scope, async (tx) => {
      const sheet = await ownSheet(tx, job);
      if (!sheet || sheet.template_id === null) return null;
      const planned = await deps.sources.runPlan(
        tx,
        tenantId,
        sheet.template_id,
        payMonthOf(sheet.period_month),
      );
      if (!planned.ok) return { sheet, plan: null, problem: planned.message };
      await tx.execute(sql`
        delete from payroll_result_lines
         where tenant_id = ${tenantId}::uuid and period_month = ${sheet.period_month}::date and run_id = ${sheet.id}::uuid`);
      const total = await writeRoster(tx, tenantId, sheet, deps.sources);
      await tx.execute(sql`
        update pay_periods set workers_total = ${total}, workers_done = 0, workers_failed = 0,
               template_version = ${planned.plan.templateVersion},
               template_fingerprint = ${planned.plan.fingerprint}
         where id = ${sheet.id}::uuid`);
      const ids = (
        (await tx.execute(sql`
          select worker_id from pay_period_workers where pay_period_id = ${sheet.id}::uuid order by worker_id`)) as unknown as {
          rows: { worker_id: string }[];
        }
      ).rows.map((row) => row.worker_id);
      return { sheet, plan: planned.plan, total, ids, problem: null };
    });
    if (!prepared) return;
    if (!prepared.plan) {
      await inScope(deps.db, scope, (tx) =>
        finish(
          tx,
          job,
          actor,
          { status: 'INTERRUPTED', error: prepared.problem ?? 'the template does not check' },
          deps.now(),
        ),
      );
      return;
    }
    const plan: RunPlan = prepared.plan;
    const total = prepared.total ?? 0;
    if (!(await control.report({ done: 0, total }))) {
      await inScope(deps.db, scope, (tx) =>
        finish(tx, job, actor, { status: 'INTERRUPTED', error: 'cancelled' }, deps.now()),
      );
      return;
    }
    const chunks = await computeInChunks(deps, job, scope, control, {
      tenantId,
      sheet: prepared.sheet,
      plan,
      sources: deps.sources,
      actor,
      now: deps.now(),
      total,
      ids: prepared.ids ?? [],
    });
    const gone = chunks.gone;
    if (gone) return;
    await inScope(deps.db, scope, (tx) =>
      finish(
        tx,
        job,
        actor,
        chunks.stopped ? { status: 'INTERRUPTED', error: 'cancelled' } : { status: 'COMPUTED' },
        deps.now(),
      ),
    );
    if (!chunks.stopped) await control.report({ done: chunks.done, total });
  } catch (error) {
    // the last try: the sheet says it ended, with why (a try left starts over)
    if (job.retryCount >= job.retryLimit)
      await inScope(deps.db, scope, (tx) =>
        finish(
          tx,
          job,
          actor,
          { status: 'INTERRUPTED', error: (error as Error).message ?? String(error) },
          deps.now(),
        ),
      );
    throw error;
  }
}

/** The job's worker, registered at start (pm/index.ts). */
export async function registerComputeJob(queue: JobQueue, deps: ComputeDeps): Promise<void> {
  await queue.work<ComputeJob>(COMPUTE_QUEUE, COMPUTE_SETTINGS, (job, control) =>
    runComputation(deps, job, control),
  );
}
