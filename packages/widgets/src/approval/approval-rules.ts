import { hasAuthority, type PermissionCode } from '@hcm/contracts';
import {
  APPROVAL_PERMISSION_ACTIONS,
  APPROVAL_TRANSITIONS,
  EDITABLE_APPROVAL_STATUSES,
  isApprovalStatus,
  type ApprovalStatus,
  type ApprovalStepView,
  type ApprovalTransition,
  type WorkflowAssignmentBody,
} from '@hcm/contracts/approvals';
import { WorkflowTemplateTypes } from '@hcm/contracts/settings';
import type { WorkflowAssignment } from '../workflow-assignment/assignment-model.ts';

/** The record field holding the approval status, and the list filter of the same name. */
export const APPROVAL_STATUS_FIELD = 'approvalStatus';

/** Who created a record (the audit field `createdBy` every record answers), if it says. */
export const creatorOf = (record: Record<string, unknown>): string | null =>
  typeof record.createdBy === 'string' && record.createdBy !== '' ? record.createdBy : null;

/** An action a user takes on a record in approval (the transitions' actions). */
export type ApprovalAction = ApprovalTransition['action'];

/** The actions offered on several selected rows at once: those the API has a batch path for. */
export const BATCH_ACTIONS: readonly ApprovalAction[] = [
  'REQUEST_APPROVAL',
  'APPROVE',
  'REJECT',
  'CANCEL_APPROVAL',
];

/** What the signed-in user holds (useAuthorities of @hcm/ui). */
export interface Holder {
  readonly granted: readonly string[];
  readonly isRoot: boolean;
}

/** The permission code an approval action needs on a resource: `{permission}.{action}`. */
export const permissionOf = (permission: string, action: ApprovalAction): PermissionCode =>
  `${permission}.${APPROVAL_PERMISSION_ACTIONS[action]}` as PermissionCode;

/** Whether the user's permissions allow the action on the resource at all (root passes). */
export const mayTake = (permission: string, action: ApprovalAction, holder: Holder | null): boolean =>
  holder !== null && hasAuthority(holder.granted, permissionOf(permission, action), holder.isRoot);

/**
 * The record's approval status; a record without one (never requested, or a kind that has no
 * field yet) is NEW, which is what the server assumes too.
 */
export const statusOf = (record: Record<string, unknown>): ApprovalStatus => {
  const value = record[APPROVAL_STATUS_FIELD];
  return isApprovalStatus(value) ? value : 'NEW';
};

/**
 * What a list row offers: the actions its status allows (APPROVAL_TRANSITIONS) that the user's
 * permissions allow. Whether the user is the step's assignee or the requester the list does not
 * know: the server answers 403 then, and the detail page offers only its timeline's actions.
 */
export function offeredActions(
  status: ApprovalStatus,
  permission: string,
  holder: Holder | null,
): ApprovalAction[] {
  return APPROVAL_TRANSITIONS.filter(
    (transition) => transition.from.includes(status) && mayTake(permission, transition.action, holder),
  ).map((transition) => transition.action);
}

/** A record may be edited or deleted only before or after an approval (NEW, REJECTED, CANCELED). */
export const isEditableRecord = (record: Record<string, unknown>): boolean =>
  EDITABLE_APPROVAL_STATUSES.includes(statusOf(record));

/** The workflow template types that approve the contract's records (the same permission resource). */
export const templateTypesOf = (permission: string): string[] =>
  Object.entries(WorkflowTemplateTypes)
    .filter(([, type]) => type.permission === permission)
    .map(([name]) => name);

/** Parameters of the list that are not filters: the statistic counts every page, in any order. */
const NOT_FILTERS = new Set([APPROVAL_STATUS_FIELD, 'pageIndex', 'pageSize', 'sortBy']);

/** The statistic's query: the list's keyword and filters, without its approval status and paging. */
export function statisticQuery(params: Readonly<Record<string, unknown>>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (NOT_FILTERS.has(name) || value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
  }
  return query;
}

/** The form's value as the API's body, once the form says it is complete; null before. */
export function assignmentBody(value: WorkflowAssignment): WorkflowAssignmentBody | null {
  if (!value.workflowTemplateId || value.steps.length === 0) return null;
  const steps: WorkflowAssignmentBody['steps'] = [];
  for (const step of value.steps) {
    if (!step.assigneeUserId) return null;
    steps.push({
      workFlowStepTemplateId: step.workFlowStepTemplateId,
      assigneeUserId: step.assigneeUserId,
      startDateRaw: step.startDateRaw,
      endDateRaw: step.endDateRaw,
    });
  }
  return { workflowTemplateId: value.workflowTemplateId, steps };
}

/**
 * Whether a step kept its deadline: `met` / `missed` once acted on (the server's metDeadline),
 * `overdue` while open past its due time, `pending` while open in time, `none` before it starts.
 */
export type DeadlineState = 'met' | 'missed' | 'overdue' | 'pending' | 'none';

export function deadlineState(
  step: Pick<ApprovalStepView, 'startedAt' | 'dueAt' | 'actedAt' | 'metDeadline'>,
  now: number,
): DeadlineState {
  if (step.actedAt) return step.metDeadline === false ? 'missed' : 'met';
  if (!step.startedAt) return 'none';
  if (step.dueAt && Date.parse(step.dueAt) < now) return 'overdue';
  return 'pending';
}
