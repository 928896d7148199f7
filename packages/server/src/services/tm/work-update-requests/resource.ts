import { FieldErrorKeys } from '@hcm/contracts';
import { workUpdateRequestContract } from '@hcm/contracts/work-update-requests';
import { eq, sql } from 'drizzle-orm';
import { validationFailed } from '../../../http/errors.ts';
import { bindResource } from '../../../resources/index.ts';
import { workers } from '../../om/tables/workers.ts';
import { byWorkerDataScope } from '../../om/workers/worker-reach.ts';
import { recomputeDays, refuseInLockedMonths, tenantToday } from '../requests/effects.ts';
import { tmWorkUpdateRequestPunches, tmWorkUpdateRequests } from './tables.ts';

type Row = Record<string, unknown>;
type FieldError = { field: string; code: string; message: string };

/**
 * The rules beyond each field's own (the contract checks the times, at most 10 punches, the
 * reason): at least one punch, the work date not after the tenant's today by the server's clock,
 * and no time asked for twice.
 */
export function requestErrors(record: Row, today: string): FieldError[] {
  const errors: FieldError[] = [];
  if (typeof record.workDate === 'string' && record.workDate > today)
    errors.push({
      field: 'workDate',
      code: FieldErrorKeys.invalidValue,
      message: `is in the future (today is ${today}): only a day already worked can be corrected`,
    });
  const punches = Array.isArray(record.punches) ? (record.punches as Row[]) : [];
  // the kit's list checks leave an empty list alone; a request asks for at least one punch
  if (punches.length === 0)
    errors.push({
      field: 'punches',
      code: FieldErrorKeys.required,
      message: 'at least one punch is asked for',
    });
  const seen = new Set<string>();
  for (const [index, punch] of punches.entries()) {
    const key = `${String(punch.time)}${punch.nextDay === true ? '+1' : ''}`;
    if (seen.has(key))
      errors.push({
        field: `punches[${index}].time`,
        code: FieldErrorKeys.invalidValue,
        message: `${String(punch.time)} is asked for twice`,
      });
    seen.add(key);
  }
  return errors;
}

/**
 * Timekeeping › Documents › Work update suggestion bound to its tables (migration 0063),
 * approvable (docs/work-update-requests.md). A caller files requests for the employees their
 * data scope reaches (byWorkerDataScope): HR for their units or the tenant, an employee with a
 * SELF role for themselves. Approval stamps approved_at (the order the engine applies requests
 * of one day in) and asks the engine for that one (worker, day) again, in the approving
 * transaction; in a locked month it is refused (409 monthLocked) and nothing changes.
 */
export const workUpdateRequestResource = bindResource(workUpdateRequestContract, {
  table: tmWorkUpdateRequests,
  dataScope: byWorkerDataScope('workerId'),
  approval: {
    onApproved: async ({ tx, caller }, record) => {
      const day = [{ workerId: String(record.workerId), workDate: String(record.workDate) }];
      await refuseInLockedMonths(tx, day, 'approving a change to one of its days');
      await tx
        .update(tmWorkUpdateRequests)
        .set({ approvedAt: sql`now()` })
        .where(eq(tmWorkUpdateRequests.id, String(record.id)));
      if (caller.tenantId) await recomputeDays(tx, caller.tenantId, day);
    },
  },
  // "Nguyễn Thị May – 12/01/2026": the name the list and its approval dialogs give a request
  derived: {
    name: sql`((select w.full_name from workers w where w.tenant_id = ${tmWorkUpdateRequests.tenantId}
                 and w.id = ${tmWorkUpdateRequests.workerId}) || ' – ' || to_char(${tmWorkUpdateRequests.workDate}, 'DD/MM/YYYY'))`,
  },
  references: { workerId: workers },
  children: {
    punches: {
      table: tmWorkUpdateRequestPunches,
      parent: tmWorkUpdateRequestPunches.requestId,
      order: tmWorkUpdateRequestPunches.position,
    },
  },
  hooks: {
    validate: async (_context, changes, before) => {
      const errors = requestErrors({ ...before, ...changes }, tenantToday());
      if (errors.length > 0) throw validationFailed(errors, 'The work update request is not valid');
    },
  },
});
