import { isApprovalStatus } from '@hcm/contracts/approvals';
import { and, inArray, isNotNull, isNull, or, eq, sql, type SQL } from 'drizzle-orm';
import { approvalSteps } from '../../db/tables/approvals.ts';
import type { ResourceScope } from '../caller.ts';
import type { ResourceDefinition } from '../types.ts';
import { recordTypeOf } from './approval-spec.ts';

/**
 * The records whose current step waits on `userId`: one look at the waiting steps' index
 * (migration 0043, approval_steps_waiting_idx).
 */
export function awaitingUser(definition: ResourceDefinition, userId: string | null): SQL {
  if (userId === null) return sql`false`;
  return inArray(
    definition.columns.id,
    sql`(select ${approvalSteps.recordId} from ${approvalSteps} where ${and(
      eq(approvalSteps.assigneeUserId, userId),
      eq(approvalSteps.recordType, recordTypeOf(definition.declaration)),
      isNotNull(approvalSteps.startedAt),
      isNull(approvalSteps.actedAt),
    )})`,
  );
}

/**
 * The list's approval filter (catalogues §3.1): statuses, WAIT_MY_APPROVE (awaiting the caller),
 * ALL; several values match any of them, and an unknown value means ALL (no narrowing).
 */
export function approvalFilter(
  definition: ResourceDefinition,
  scope: ResourceScope,
  values: readonly (string | number)[],
): SQL | undefined {
  const field = definition.approval?.statusField as string;
  const given = values.map(String);
  if (given.some((value) => value !== 'WAIT_MY_APPROVE' && !isApprovalStatus(value))) return undefined;
  const statuses = given.filter(isApprovalStatus);
  const parts: SQL[] = [];
  if (statuses.length > 0) parts.push(inArray(definition.column(field), statuses));
  if (given.includes('WAIT_MY_APPROVE')) parts.push(awaitingUser(definition, scope.userId));
  return parts.length === 1 ? parts[0] : or(...parts);
}
