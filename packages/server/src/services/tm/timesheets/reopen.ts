import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import { TimesheetLimits } from '@hcm/contracts/timesheets';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import { AppError, notFound, validationFailed } from '../../../http/errors.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import { recordActions, type ActionContext } from '../../../resources/action-log/record-actions.ts';
import { requestDayRecomputation, type DayKey } from '../timesheet/recompute-keys.ts';
import { approvedTimesheetLocks } from './month-locks.ts';

/** The action log's resource of a timesheet (the permission resource, as the record engine writes it). */
export const TIMESHEET_RESOURCE = 'timesheet';

interface Locked {
  id: string;
  code: string;
  organization_unit_id: string;
  month: string;
  approval_status: string;
  version: number;
}

/** The last day of 'YYYY-MM'. */
export function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/**
 * The held days (`held_at`: a punch arrived while the month was locked) of the workers of `unitId`
 * and the units below it in `month` whose month is no longer locked: asked of the engine again,
 * which computes them with every punch it has and clears the mark (docs/timesheet-engine.md,
 * "Locked months"). HR's corrections are kept. Answers how many days were asked for.
 */
export async function recomputeHeldDays(
  tx: Tx,
  queue: Pick<JobQueue, 'enqueue'>,
  tenantId: string,
  unitId: string,
  month: string,
): Promise<number> {
  const held = (
    (await tx.execute(sql`
      with recursive units as (
        select id from organization_units where id = ${unitId}::uuid
        union
        select u.id from organization_units u join units p on u.parent_id = p.id
      )
      select d.worker_id as "workerId", d.work_date::text as "workDate"
        from tm_day_records d join workers w on w.id = d.worker_id
       where d.tenant_id = ${tenantId}::uuid
         and d.work_date between ${`${month}-01`}::date and ${lastDayOf(month)}::date
         and d.held_at is not null
         and w.organization_unit_id in (select id from units)`)) as unknown as { rows: DayKey[] }
  ).rows;
  if (held.length === 0) return 0;
  // a sub-unit with its own approved timesheet stays locked: its held days wait for it
  const stillLocked = await approvedTimesheetLocks.lockedMonths(
    tx,
    [...new Set(held.map((day) => day.workerId))],
    [month],
  );
  const open = held.filter((day) => !stillLocked.get(day.workerId)?.has(month));
  await requestDayRecomputation(tx, queue, tenantId, open);
  return open.length;
}

/**
 * Opens an APPROVED timesheet again (docs/timesheets.md, "Reopening"): the approval engine has no
 * way back from APPROVED (cancel-approval only withdraws an open request), so this is the
 * timesheet's own action, under `timesheet.approve`. The record becomes CANCELED — its
 * requester's again, to correct and send for approval anew —, approved_at is cleared and
 * reopened_at stamped, the reason goes to the action log, and the held days of the month are
 * recomputed. Refused with nothing written: no reason (400), a stale version or a timesheet that
 * is not approved (409).
 */
export async function reopenTimesheet(
  tx: Tx,
  caller: Scope & { tenantId: string },
  context: ActionContext,
  deps: { queue: Pick<JobQueue, 'enqueue'>; now: Date },
  id: string,
  input: { reason: string; version?: number },
): Promise<{ id: string; approvalStatus: string; version: number; heldDaysRecomputed: number }> {
  const reason = input.reason.trim();
  if (reason.length === 0 || reason.length > TimesheetLimits.reasonMaxLength)
    throw validationFailed(
      [
        reason.length === 0
          ? { field: 'reason', code: FieldErrorKeys.required, message: 'is required' }
          : { field: 'reason', code: FieldErrorKeys.maxlength, message: 'is too long' },
      ],
      'Say why the month is opened again',
    );
  const [row] = (
    (await tx.execute(sql`
      select id, code, organization_unit_id, month, approval_status, version
        from tm_timesheets where id = ${id}::uuid for update`)) as unknown as { rows: Locked[] }
  ).rows;
  if (!row) throw notFound('No such timesheet');
  if (input.version !== undefined && input.version !== row.version)
    throw new AppError(
      409,
      ErrorCodes.conflict,
      `The timesheet was changed by someone else (version ${row.version}, not ${input.version}): reload it`,
    );
  if (row.approval_status !== 'APPROVED')
    throw new AppError(
      409,
      ErrorCodes.conflict,
      `This timesheet is ${row.approval_status}: only an approved timesheet is reopened`,
    );
  const at = deps.now.toISOString();
  await tx.execute(sql`
    update tm_timesheets
       set approval_status = 'CANCELED', approved_at = null, reopened_at = ${at}::timestamptz,
           version = version + 1, last_modified_at = ${at}::timestamptz,
           last_modified_by = ${caller.userId}::uuid
     where id = ${id}::uuid`);
  await recordActions(tx, context, [
    {
      resource: TIMESHEET_RESOURCE,
      recordId: id,
      action: 'UPDATE',
      changes: {
        approvalStatus: { before: 'APPROVED', after: 'CANCELED' },
        reopenedAt: { before: null, after: at },
        reopenedBecause: { before: null, after: reason },
      },
    },
  ]);
  const heldDaysRecomputed = await recomputeHeldDays(
    tx,
    deps.queue,
    caller.tenantId,
    row.organization_unit_id,
    row.month,
  );
  return { id, approvalStatus: 'CANCELED', version: row.version + 1, heldDaysRecomputed };
}
