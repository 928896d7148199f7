import { label, type Label } from '../resource/label.ts';

/**
 * The approval engine's states and transitions (catalogues §3.1; issue 13 writes the legal
 * transitions, which the spec leaves to us). One table, read by the server to decide and by the
 * browser to offer only the actions that can succeed; docs/approvals.md prints it and the
 * server's test table walks every cell.
 */

/** Catalogues §3.1 "Approval status", in the order a record passes through them. */
export const APPROVAL_STATUSES = [
  'NEW',
  'WAIT_APPROVE',
  'IN_APPROVE',
  'APPROVED',
  'REJECTED',
  'CANCELED',
] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const ApprovalStatusLabels: Readonly<Record<ApprovalStatus, Label>> = {
  NEW: label('approval.statuses.new', 'Mới tạo', 'New'),
  WAIT_APPROVE: label('approval.statuses.waitApprove', 'Chờ phê duyệt', 'Awaiting approval'),
  IN_APPROVE: label('approval.statuses.inApprove', 'Đang phê duyệt', 'In approval'),
  APPROVED: label('approval.statuses.approved', 'Đã phê duyệt', 'Approved'),
  REJECTED: label('approval.statuses.rejected', 'Từ chối', 'Rejected'),
  CANCELED: label('approval.statuses.canceled', 'Đã huỷ', 'Canceled'),
};

/** Catalogues §3.1 badges: the tone of each status. */
export const ApprovalStatusTones: Readonly<
  Record<ApprovalStatus, 'warning' | 'informative' | 'success' | 'danger' | 'subtle'>
> = {
  NEW: 'subtle',
  WAIT_APPROVE: 'warning',
  IN_APPROVE: 'informative',
  APPROVED: 'success',
  REJECTED: 'danger',
  CANCELED: 'danger',
};

/** The list filters beside the statuses (catalogues §3.1): every record, or those awaiting me. */
export const APPROVAL_LIST_FILTERS = ['ALL', 'WAIT_MY_APPROVE', ...APPROVAL_STATUSES] as const;
export type ApprovalListFilter = (typeof APPROVAL_LIST_FILTERS)[number];

export const ApprovalFilterLabels: Readonly<Record<'ALL' | 'WAIT_MY_APPROVE', Label>> = {
  ALL: label('approval.filters.all', 'Tất cả', 'All'),
  WAIT_MY_APPROVE: label('approval.filters.waitMyApprove', 'Chờ tôi duyệt', 'Awaiting my approval'),
};

/** Catalogues §3.1 "Approval action". */
export const APPROVAL_ACTIONS = [
  'CREATE_AND_REQUEST_APPROVAL',
  'REQUEST_APPROVAL',
  'CANCEL_APPROVAL',
  'APPROVE',
  'REJECT',
  'BACK',
] as const;
export type ApprovalActionName = (typeof APPROVAL_ACTIONS)[number];

export const ApprovalActionLabels: Readonly<Record<ApprovalActionName, Label>> = {
  CREATE_AND_REQUEST_APPROVAL: label(
    'approval.actions.createAndRequest',
    'Lưu và gửi duyệt',
    'Save and request approval',
  ),
  REQUEST_APPROVAL: label('approval.actions.request', 'Gửi duyệt', 'Request approval'),
  CANCEL_APPROVAL: label('approval.actions.cancel', 'Huỷ yêu cầu duyệt', 'Cancel the request'),
  APPROVE: label('approval.actions.approve', 'Phê duyệt', 'Approve'),
  REJECT: label('approval.actions.reject', 'Từ chối', 'Reject'),
  BACK: label('approval.actions.back', 'Trả lại', 'Return for changes'),
};

/**
 * Who may take an action, besides a root user (who may take any that the state allows):
 * - `requester`: for REQUEST, anyone holding the resource's request-approval permission (they
 *   become the requester); for CANCEL, only the user who requested the open approval;
 * - `assignee`: the user assigned to the workflow's current step, holding the resource's
 *   approve permission (APPROVE) or reject permission (REJECT, BACK), who neither requested it
 *   nor created the record unless the tenant allows it (four eyes, docs/approvals.md).
 */
export type ApprovalActor = 'requester' | 'assignee';

/** What may start from a state (CREATE_AND_REQUEST_APPROVAL starts from no record at all). */
export interface ApprovalTransition {
  readonly action: Exclude<ApprovalActionName, 'CREATE_AND_REQUEST_APPROVAL'>;
  readonly from: readonly ApprovalStatus[];
  readonly actor: ApprovalActor;
  /**
   * the state after; APPROVE moves to IN_APPROVE while steps remain and to APPROVED after the
   * last one ('next-step' says so)
   */
  readonly to: ApprovalStatus | 'next-step';
  /** a note the actor must give (a rejection's or a return's reason) */
  readonly needsReason: boolean;
}

/** A record is its requester's to change, delete or (re-)request only in these states. */
export const EDITABLE_APPROVAL_STATUSES: readonly ApprovalStatus[] = ['NEW', 'REJECTED', 'CANCELED'];
const OPEN: readonly ApprovalStatus[] = ['WAIT_APPROVE', 'IN_APPROVE'];

export const APPROVAL_TRANSITIONS: readonly ApprovalTransition[] = [
  {
    action: 'REQUEST_APPROVAL',
    from: EDITABLE_APPROVAL_STATUSES,
    actor: 'requester',
    to: 'WAIT_APPROVE',
    needsReason: false,
  },
  { action: 'CANCEL_APPROVAL', from: OPEN, actor: 'requester', to: 'CANCELED', needsReason: false },
  { action: 'APPROVE', from: OPEN, actor: 'assignee', to: 'next-step', needsReason: false },
  { action: 'REJECT', from: OPEN, actor: 'assignee', to: 'REJECTED', needsReason: true },
  { action: 'BACK', from: OPEN, actor: 'assignee', to: 'NEW', needsReason: true },
];

export const transitionOf = (action: ApprovalTransition['action']): ApprovalTransition =>
  APPROVAL_TRANSITIONS.find((t) => t.action === action) as ApprovalTransition;

export const isApprovalStatus = (value: unknown): value is ApprovalStatus =>
  (APPROVAL_STATUSES as readonly unknown[]).includes(value);

/**
 * The status after `action` on a record in `status`, or null when the state does not allow it.
 * APPROVE needs to know whether the current step is the workflow's last.
 */
export function nextApprovalStatus(
  status: ApprovalStatus,
  action: ApprovalTransition['action'],
  lastStep = true,
): ApprovalStatus | null {
  const transition = transitionOf(action);
  if (!transition.from.includes(status)) return null;
  if (transition.to !== 'next-step') return transition.to;
  return lastStep ? 'APPROVED' : 'IN_APPROVE';
}

/** The permission action (catalogues §6) each approval action needs of its actor. */
export const APPROVAL_PERMISSION_ACTIONS = {
  REQUEST_APPROVAL: 'request-approval',
  CANCEL_APPROVAL: 'cancel-approval',
  APPROVE: 'approve',
  REJECT: 'reject',
  BACK: 'reject',
} as const satisfies Record<ApprovalTransition['action'], string>;
