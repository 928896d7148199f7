import { FieldErrorKeys, type FieldError } from '@hcm/contracts';
import type { Db } from '../../db/database.ts';
import { readTenantSettings } from '../../db/tenant-settings.ts';

/*
 * Four eyes (issue 26, docs/approvals.md "Four eyes"): nobody approves, rejects, returns or is
 * assigned a step of a request they made, or of a record they created, unless the tenant's
 * configuration allows it (`requesterMayApprove`, for very small teams). The engine reads the
 * setting with db/tenant-settings.ts: it may not import the configuration service.
 */

/** Who a step must not be acted on by: the request's requester and the record's creator. */
export interface Interested {
  readonly requestedBy: string;
  /** the record's `createdBy` (null: written by the system, an import before audit columns) */
  readonly createdBy: string | null;
}

/**
 * Whether the tenant lets a requester (or a record's creator) take a step of their own: its own
 * configuration, else the system defaults, else no. Read in the caller's transaction (its scope
 * sees its tenant's row and the shared defaults).
 */
export async function requesterMayApprove(db: Db, tenantId: string | null): Promise<boolean> {
  return (await readTenantSettings(db, tenantId))?.requesterMayApprove ?? false;
}

/** What `userId` is to the request: its requester, the record's creator, or neither. */
export function interestOf(userId: string, interested: Interested): 'requester' | 'creator' | null {
  if (userId === interested.requestedBy) return 'requester';
  if (interested.createdBy !== null && userId === interested.createdBy) return 'creator';
  return null;
}

/** The steps of a request whose assignee is its requester or the record's creator (400 each). */
export function selfAssignedErrors(
  steps: readonly { position: number; name: string; assigneeUserId: string }[],
  interested: Interested,
): FieldError[] {
  return steps.flatMap((step) => {
    const interest = interestOf(step.assigneeUserId, interested);
    if (!interest) return [];
    return [
      {
        field: `steps[${step.position - 1}].assigneeUserId`,
        code: FieldErrorKeys.invalidValue,
        message:
          interest === 'requester'
            ? `is the requester: someone else must take the step "${step.name}" (four eyes)`
            : `created the record: someone else must take the step "${step.name}" (four eyes)`,
      },
    ];
  });
}

/** Why the actor may not approve, reject or return the step (403), in the answer's words. */
export function selfActionRefusal(interest: 'requester' | 'creator'): string {
  return interest === 'requester'
    ? 'Four eyes: you requested this approval, so someone else must approve, reject or return it'
    : 'Four eyes: you created this record, so someone else must approve, reject or return it';
}
