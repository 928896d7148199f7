import { ErrorCodes } from '@hcm/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { approvalEvents } from '../../../db/tables/approvals.ts';
import { AppError } from '../../../http/errors.ts';
import { recordTypeOf } from '../../../resources/approval/approval-spec.ts';
import { presentRecord } from '../../../resources/present.ts';
import type { ResourceScope } from '../../../resources/caller.ts';
import type { ResourceDefinition, ResourceRecord } from '../../../resources/types.ts';
import { findRecord } from '../../../resources/write/find-record.ts';
import { attachLists } from '../../../resources/write/lists.ts';
import { nowOf, recomputeRequestedDay, refuseInLockedMonth } from './effects.ts';
import { tmWorkUpdateRequests } from './tables.ts';

const stateConflict = (message: string) => new AppError(409, ErrorCodes.conflict, message);

/**
 * Cancel after approval (issue 31: "changing it back if an approved document is canceled"):
 * the approval engine ends at APPROVED, so the request documents add this one step of their own.
 * An APPROVED request becomes CANCELED with the canceller's reason on the approval timeline
 * (action CANCEL_APPROVAL, APPROVED → CANCELED), approved_at cleared, and the engine asked for
 * the day again: no longer reading the request, it is the device punches' day exactly as before
 * the approval. Refused (409) when the request is not APPROVED, when the caller's screen is
 * stale (version), or when the month is locked; nothing is written then.
 */
export async function cancelApproved(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  id: string,
  input: { reason: string; version?: number },
): Promise<ResourceRecord> {
  const before = await findRecord(tx, definition, scope, id, { forUpdate: true });
  if (input.version !== undefined && before.version !== input.version)
    throw stateConflict('The request has changed since it was read: reload it');
  if (before.approvalStatus !== 'APPROVED')
    throw stateConflict(
      `This request is ${String(before.approvalStatus)}: only an approved one is canceled here`,
    );
  const workerId = String(before.workerId);
  const workDate = String(before.workDate);
  await refuseInLockedMonth(tx, workerId, workDate, 'canceling a change to one of its days');
  const now = nowOf();
  await tx
    .update(tmWorkUpdateRequests)
    .set({
      approvalStatus: 'CANCELED',
      approvedAt: null,
      version: sql`${tmWorkUpdateRequests.version} + 1`,
      lastModifiedAt: now,
      lastModifiedBy: scope.userId,
    })
    .where(eq(tmWorkUpdateRequests.id, id));
  await tx.insert(approvalEvents).values({
    tenantId: scope.tenantId as string,
    recordType: recordTypeOf(definition.declaration),
    recordId: id,
    requestId: null,
    action: 'CANCEL_APPROVAL',
    fromStatus: 'APPROVED',
    toStatus: 'CANCELED',
    actorId: scope.userId,
    note: input.reason,
    at: now,
  });
  if (scope.tenantId) await recomputeRequestedDay(tx, scope.tenantId, workerId, workDate);
  const after = await findRecord(tx, definition, scope, id);
  await attachLists(tx, definition, [after]);
  return presentRecord(definition, after);
}
