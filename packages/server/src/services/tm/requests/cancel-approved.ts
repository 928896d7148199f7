import { ErrorCodes } from '@hcm/contracts';
import { sql } from 'drizzle-orm';
import { getTableName, type Table } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { approvalEvents } from '../../../db/tables/approvals.ts';
import { AppError } from '../../../http/errors.ts';
import { recordTypeOf } from '../../../resources/approval/approval-spec.ts';
import { presentRecord } from '../../../resources/present.ts';
import type { ResourceScope } from '../../../resources/caller.ts';
import type { ResourceDefinition, ResourceRecord } from '../../../resources/types.ts';

/** The document as stored before it is canceled (the row's fields, camel case). */
export type StoredDocument = Record<string, unknown>;
import { findRecord } from '../../../resources/write/find-record.ts';
import { attachLists } from '../../../resources/write/lists.ts';
import { nowOf } from './effects.ts';

const stateConflict = (message: string) => new AppError(409, ErrorCodes.conflict, message);

/** What canceling one kind of request document undoes, in the cancel's transaction. */
export interface CancelEffects {
  /** the document's table: approval_status, approved_at, version and the audit columns */
  readonly table: Table;
  /**
   * Undoes the approved document's effects (asks the engine for its days again, reverses its
   * ledger entries), the row already CANCELED; throwing (a locked month) writes nothing.
   */
  readonly undo: (tx: Tx, scope: ResourceScope, before: StoredDocument) => Promise<void>;
}

/**
 * Cancel after approval (issue 31: "changing it back if an approved document is canceled"): the
 * approval engine ends at APPROVED, so the request documents add this one step of their own. An
 * APPROVED document becomes CANCELED with the canceller's reason on the approval timeline
 * (action CANCEL_APPROVAL, APPROVED → CANCELED), approved_at cleared, and its effects undone.
 * Refused (409) when it is not APPROVED, when the caller's screen is stale (version), or when
 * the undoing refuses (a locked month); nothing is written then.
 */
export async function cancelApproved(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  id: string,
  input: { reason: string; version?: number },
  effects: CancelEffects,
): Promise<ResourceRecord> {
  const before = await findRecord(tx, definition, scope, id, { forUpdate: true });
  if (input.version !== undefined && before.version !== input.version)
    throw stateConflict('The request has changed since it was read: reload it');
  if (before.approvalStatus !== 'APPROVED')
    throw stateConflict(
      `This request is ${String(before.approvalStatus)}: only an approved one is canceled here`,
    );
  const now = nowOf();
  await tx.execute(sql`
    update ${sql.identifier(getTableName(effects.table))}
       set approval_status = 'CANCELED', approved_at = null, version = version + 1,
           last_modified_at = ${now.toISOString()}::timestamptz, last_modified_by = ${scope.userId}
     where tenant_id = ${scope.tenantId} and id = ${id}`);
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
  await effects.undo(tx, scope, before);
  const after = await findRecord(tx, definition, scope, id);
  await attachLists(tx, definition, [after]);
  return presentRecord(definition, after);
}
