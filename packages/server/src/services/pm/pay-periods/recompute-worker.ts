import { ConflictReasons, FieldErrorKeys } from '@hcm/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import { AppError, conflictBecause, notFound, validationFailed } from '../../../http/errors.ts';
import { ErrorCodes } from '@hcm/contracts';
import type { ActionContext } from '../../../resources/action-log/record-actions.ts';
import { lockedSheet, refuseUnlessWritable, type SheetRow } from './guards.ts';
import { payMonthOf } from './roster.ts';
import type { RunPlan } from './run-plan.ts';
import { settleWorkers } from './settle-workers.ts';
import type { PayrollSources } from './sources.ts';

/*
 * One worker computed again at once, in the request's transaction (docs/payroll-periods.md,
 * "Adjusting and computing one worker again"): after an input was typed, or the worker's contract
 * or timesheet corrected. The sheet's row is locked and must be writable (not in approval,
 * approved or locked; no computation running), the worker must be one of its workers, and the
 * template must still be the version the sheet was computed with — otherwise one worker would be
 * of another version than the rest (409: compute the whole sheet again).
 */

export interface WorkerContext {
  readonly tx: Tx;
  readonly scope: Scope & { tenantId: string };
  readonly actor: ActionContext;
  readonly sources: PayrollSources;
  readonly now: Date;
}

/** The plan of the version the sheet was computed with; 409 when the template changed since. */
export async function computedPlan(context: WorkerContext, sheet: SheetRow): Promise<RunPlan> {
  if (sheet.template_id === null || sheet.template_version === null)
    throw new AppError(
      409,
      ErrorCodes.conflict,
      `The pay period ${sheet.code} was never computed: compute it first`,
      undefined,
      undefined,
      { reason: ConflictReasons.payPeriodNotComputed, code: sheet.code, status: sheet.compute_status },
    );
  const planned = await context.sources.runPlan(
    context.tx,
    context.scope.tenantId,
    sheet.template_id,
    payMonthOf(sheet.period_month),
  );
  if (!planned.ok) throw validationFailed([...planned.errors], planned.message);
  if (planned.plan.fingerprint !== sheet.template_fingerprint)
    throw conflictBecause(
      ConflictReasons.payPeriodTemplateChanged,
      `The template changed since the pay period was computed (version ${sheet.template_version}, now ${planned.plan.templateVersion}): compute it again`,
      { computed: sheet.template_version, current: planned.plan.templateVersion },
    );
  return planned.plan;
}

/** 404 unless the worker is one of the sheet's. */
export async function refuseStranger(tx: Tx, sheet: SheetRow, workerId: string): Promise<void> {
  const [found] = (
    (await tx.execute(sql`
      select 1 as one from pay_period_workers
       where pay_period_id = ${sheet.id}::uuid and worker_id = ${workerId}::uuid`)) as unknown as {
      rows: unknown[];
    }
  ).rows;
  if (!found)
    throw notFound(
      `The worker is not one of the pay period ${sheet.code}'s workers: compute the pay period first`,
    );
}

/** Recounts the sheet's failed workers after one changed, keeping a finished computation's status true. */
export async function recount(tx: Tx, sheet: SheetRow, now: Date, userId: string | null): Promise<void> {
  await tx.execute(sql`
    update pay_periods p
       set workers_failed = c.failed, workers_done = c.done,
           compute_status = case when p.compute_status in ('COMPUTED', 'COMPUTED_WITH_ERRORS')
                                 then case when c.failed > 0 then 'COMPUTED_WITH_ERRORS' else 'COMPUTED' end
                                 else p.compute_status end,
           version = p.version + 1, last_modified_at = ${now.toISOString()}::timestamptz,
           last_modified_by = ${userId}::uuid
      from (select count(*) filter (where status = 'FAILED')::int as failed,
                   count(*) filter (where status <> 'PENDING')::int as done
              from pay_period_workers where pay_period_id = ${sheet.id}::uuid) c
     where p.id = ${sheet.id}::uuid`);
}

/** POST …/workers/{workerId}/recompute, and the end of an input typed. */
export async function recomputeWorker(
  context: WorkerContext,
  id: string,
  workerId: string,
  locked?: SheetRow,
): Promise<void> {
  const { tx } = context;
  const sheet = locked ?? (await lockedSheet(tx, id));
  if (!locked) await refuseUnlessWritable(tx, sheet);
  await refuseStranger(tx, sheet, workerId);
  const plan = await computedPlan(context, sheet);
  await settleWorkers(
    tx,
    {
      tenantId: context.scope.tenantId,
      sheet,
      plan,
      sources: context.sources,
      actor: context.actor,
      now: context.now,
    },
    [workerId],
  );
  await recount(tx, sheet, context.now, context.scope.userId);
}

export const badWorkerField = (field: string, message: string) =>
  validationFailed([{ field, code: FieldErrorKeys.invalidValue, message }], message);
