import { ConflictReasons } from '@hcm/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import { conflictBecause } from '../../../http/errors.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import { recordActions, type ActionContext } from '../../../resources/action-log/record-actions.ts';
import { startComputation } from './compute-job.ts';
import { lockedSheet, refuseStale } from './guards.ts';

/*
 * Locking and the year-end recomputation (docs/payroll-periods.md, "Locking" and "Year-end
 * income-tax finalisation").
 *
 * - Lock (POST …/{id}/lock, pay_period.approve): an APPROVED sheet is closed for good — its
 *   approved figures are what was paid. Approval already freezes the lines (the bulk writer's
 *   lockedBy); the lock says the month is closed, and it is what a year-end recomputation starts
 *   from. Refused (409) unless APPROVED and not yet locked.
 * - Year-end recomputation (POST …/{id}/finalisation, pay_period.create): a LOCKED sheet is never
 *   computed again in place. A new sheet of kind FINALISATION is made beside it (same salary
 *   period, template, units, the inputs typed), computed at once with the rules and data in force now (its own
 *   lines, run_id = its id), reviewed, approved and locked on its own; the locked sheet keeps its
 *   approved figures. One per locked sheet (409 naming the one that exists).
 */

type Actor = ActionContext & { scope: Scope & { tenantId: string } };

export async function lockSheet(
  tx: Tx,
  actor: Actor,
  id: string,
  input: { version?: number | undefined },
  now: Date,
) {
  const sheet = await lockedSheet(tx, id);
  refuseStale(sheet, input.version);
  if (sheet.approval_status !== 'APPROVED' || sheet.locked_at !== null)
    throw conflictBecause(
      ConflictReasons.payPeriodNotApproved,
      `The pay period ${sheet.code} is ${sheet.locked_at ? 'already locked' : sheet.approval_status}: only an approved one is locked`,
      { code: sheet.code, status: sheet.locked_at ? 'LOCKED' : sheet.approval_status },
    );
  await tx.execute(sql`
    update pay_periods set locked_at = ${now.toISOString()}::timestamptz, locked_by = ${actor.scope.userId}::uuid,
           version = version + 1, last_modified_at = ${now.toISOString()}::timestamptz,
           last_modified_by = ${actor.scope.userId}::uuid
     where id = ${id}::uuid`);
  await recordActions(tx, actor, [
    {
      resource: 'pay_period',
      recordId: id,
      action: 'UPDATE',
      changes: { lockedAt: { before: null, after: now.toISOString() } },
    },
  ]);
}

const FINALISATION_SUFFIX = '_QT';

export async function startFinalisation(
  tx: Tx,
  queue: Pick<JobQueue, 'enqueue'>,
  actor: Actor,
  id: string,
  now: Date,
): Promise<{ sheetId: string; jobId: string }> {
  const source = await lockedSheet(tx, id);
  if (source.locked_at === null)
    throw conflictBecause(
      ConflictReasons.payPeriodNotLocked,
      `The pay period ${source.code} is not locked: only a locked one is recomputed for the year-end finalisation`,
      { code: source.code },
    );
  const [existing] = (
    (await tx.execute(sql`select code from pay_periods where source_id = ${id}::uuid`)) as unknown as {
      rows: { code: string }[];
    }
  ).rows;
  if (existing)
    throw conflictBecause(
      ConflictReasons.payPeriodFinalisationExists,
      `The pay period ${source.code} already has its year-end recomputation ${existing.code}`,
      { code: existing.code },
    );
  const code = `${source.code.slice(0, 50 - FINALISATION_SUFFIX.length)}${FINALISATION_SUFFIX}`;
  const name = `${source.name} (quyết toán thuế)`.slice(0, 200);
  const at = now.toISOString();
  const [made] = (
    (await tx.execute(sql`
      insert into pay_periods (tenant_id, code, name, salary_period_id, period_month, template_id,
                               include_sub_units, kind, source_id, description, created_by, last_modified_by,
                               created_at, last_modified_at)
      select tenant_id, ${code}, ${name}, salary_period_id, period_month, template_id, include_sub_units,
             'FINALISATION', id, description, ${actor.scope.userId}::uuid, ${actor.scope.userId}::uuid,
             ${at}::timestamptz, ${at}::timestamptz
        from pay_periods where id = ${id}::uuid
      returning id`)) as unknown as { rows: { id: string }[] }
  ).rows;
  if (!made) throw new Error('the year-end recomputation was not made');
  await tx.execute(sql`
    insert into pay_period_units (tenant_id, pay_period_id, organization_unit_id, ordinal)
    select tenant_id, ${made.id}::uuid, organization_unit_id, ordinal from pay_period_units
     where pay_period_id = ${id}::uuid`);
  // what HR typed for the sheet's workers is the recomputation's too
  await tx.execute(sql`
    insert into pay_period_inputs (tenant_id, pay_period_id, worker_id, component_code, value, updated_at, updated_by)
    select tenant_id, ${made.id}::uuid, worker_id, component_code, value, updated_at, updated_by
      from pay_period_inputs where pay_period_id = ${id}::uuid`);
  await recordActions(tx, actor, [
    {
      resource: 'pay_period',
      recordId: made.id,
      action: 'CREATE',
      changes: {
        code: { before: null, after: code },
        kind: { before: null, after: 'FINALISATION' },
        sourceId: { before: null, after: id },
      },
    },
  ]);
  const jobId = await startComputation(tx, queue, actor, made.id, {}, now);
  return { sheetId: made.id, jobId };
}
