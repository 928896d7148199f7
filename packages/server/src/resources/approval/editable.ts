import { ErrorCodes } from '@hcm/contracts';
import { EDITABLE_APPROVAL_STATUSES, type ApprovalStatus } from '@hcm/contracts/approvals';
import { AppError } from '../../http/errors.ts';
import type { ResourceDefinition } from '../types.ts';

/**
 * Issue 13: an approvable record is its requester's to change or delete only while NEW,
 * REJECTED or CANCELED; one in approval or approved is history (409, nothing written).
 */
export function refuseUnlessEditable(
  definition: ResourceDefinition,
  record: Record<string, unknown>,
  doing: 'changed' | 'deleted',
): void {
  if (!definition.approval) return;
  const status = record[definition.approval.statusField] as ApprovalStatus;
  if (EDITABLE_APPROVAL_STATUSES.includes(status)) return;
  throw new AppError(
    409,
    ErrorCodes.conflict,
    `This record is ${status}: it can no longer be ${doing} (only a new, rejected or canceled one can)`,
  );
}
