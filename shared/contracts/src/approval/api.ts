import Type from 'typebox';
import { FieldLimits } from '../limits.ts';
import { APPROVAL_ACTIONS, APPROVAL_STATUSES, type ApprovalStatus } from './transitions.ts';

/**
 * The approval sub-paths of an approvable resource under its /api/{service}/{path}
 * (catalogues §7.1, issue 13), the bodies they take and what they answer.
 */
export const approvalPaths = (apiPath: string) => ({
  request: (id: string) => `${apiPath}/${encodeURIComponent(id)}/request-approval`,
  cancel: (id: string) => `${apiPath}/${encodeURIComponent(id)}/cancel-approval`,
  approve: (id: string) => `${apiPath}/${encodeURIComponent(id)}/approve`,
  reject: (id: string) => `${apiPath}/${encodeURIComponent(id)}/reject-approval`,
  back: (id: string) => `${apiPath}/${encodeURIComponent(id)}/back`,
  timeline: (id: string) => `${apiPath}/${encodeURIComponent(id)}/approval-timeline`,
  requestBatch: `${apiPath}/request-approval/batch`,
  cancelBatch: `${apiPath}/cancel-approval/batch`,
  approveBatch: `${apiPath}/approve/batch`,
  rejectBatch: `${apiPath}/reject-approval/batch`,
  createAndRequest: `${apiPath}/create-and-request-approval`,
  statistic: `${apiPath}/approval-status-statistic`,
});

/** How many records a batch call takes at most (issue 13: a batch of 1,000 approvals). */
export const APPROVAL_BATCH_MAX = 1000;

const Id = Type.String({ format: 'uuid' });
/** One of `values` (a string enum in the OpenAPI document, the literal union in TypeScript). */
const oneOf = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values] });
const Note = Type.String({ maxLength: FieldLimits.note });
const Reason = Type.String({ minLength: 1, maxLength: FieldLimits.note });

/**
 * The workflow assignment form's value (core "Workflow assignment"): a template and an assignee
 * per step. A step is named by its template's step id, or `{templateId}#{position}` (1-based)
 * as the widget names them; the times the form shows are its preview; the server schedules the
 * steps from its own clock.
 */
export const WorkflowAssignmentBody = Type.Object(
  {
    workflowTemplateId: Id,
    steps: Type.Array(
      Type.Object(
        {
          workFlowStepTemplateId: Type.String({ minLength: 1, maxLength: 80 }),
          assigneeUserId: Id,
          startDateRaw: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
          endDateRaw: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 50 },
    ),
  },
  { additionalProperties: false },
);
export type WorkflowAssignmentBody = Type.Static<typeof WorkflowAssignmentBody>;

export const ApproveBody = Type.Object({ note: Type.Optional(Note) }, { additionalProperties: false });
export type ApproveBody = Type.Static<typeof ApproveBody>;
export const RejectBody = Type.Object({ reason: Reason }, { additionalProperties: false });
export type RejectBody = Type.Static<typeof RejectBody>;
export const CancelApprovalBody = Type.Object(
  { reason: Type.Optional(Note) },
  { additionalProperties: false },
);
export type CancelApprovalBody = Type.Static<typeof CancelApprovalBody>;

const Ids = Type.Array(Id, { minItems: 1, maxItems: APPROVAL_BATCH_MAX, uniqueItems: true });
export const RequestApprovalBatchBody = Type.Object(
  { ids: Ids, workflow: WorkflowAssignmentBody },
  { additionalProperties: false },
);
export type RequestApprovalBatchBody = Type.Static<typeof RequestApprovalBatchBody>;
export const ApproveBatchBody = Type.Object(
  { ids: Ids, note: Type.Optional(Note) },
  { additionalProperties: false },
);
export type ApproveBatchBody = Type.Static<typeof ApproveBatchBody>;
export const RejectBatchBody = Type.Object({ ids: Ids, reason: Reason }, { additionalProperties: false });
export type RejectBatchBody = Type.Static<typeof RejectBatchBody>;
export const CancelApprovalBatchBody = Type.Object(
  { ids: Ids, reason: Type.Optional(Note) },
  { additionalProperties: false },
);
export type CancelApprovalBatchBody = Type.Static<typeof CancelApprovalBatchBody>;

/**
 * GET: the tenant's approval rules any signed-in user may read (the configuration itself needs
 * `configuration.view`): whether a requester may take a step of their own request (four eyes,
 * docs/approvals.md). The workflow assignment form leaves the requester out of its choices
 * unless so.
 */
export const APPROVAL_RULES_API_PATH = '/api/system/configuration/approval-rules';
export const ApprovalRules = Type.Object({ requesterMayApprove: Type.Boolean() });
export type ApprovalRules = Type.Static<typeof ApprovalRules>;

/** One item of a batch: done, or why not (the error catalogue's code and a message). */
export const ApprovalBatchItem = Type.Object({
  id: Id,
  ok: Type.Boolean(),
  approvalStatus: Type.Optional(oneOf(APPROVAL_STATUSES)),
  code: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
});
export type ApprovalBatchItem = Type.Static<typeof ApprovalBatchItem>;
export const ApprovalBatchResult = Type.Object({
  succeeded: Type.Integer(),
  failed: Type.Integer(),
  items: Type.Array(ApprovalBatchItem),
});
export type ApprovalBatchResult = Type.Static<typeof ApprovalBatchResult>;

/** GET approval-status-statistic: the records of each list tab (the list's other filters applied). */
export type ApprovalStatusStatistic = Record<ApprovalStatus | 'ALL' | 'WAIT_MY_APPROVE', number>;
export const ApprovalStatusStatistic = Type.Object(
  Object.fromEntries(
    ['ALL', 'WAIT_MY_APPROVE', ...APPROVAL_STATUSES].map((key) => [key, Type.Integer({ minimum: 0 })]),
  ),
);

const Instant = Type.String({ format: 'date-time' });
const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A step of a workflow as it ran or runs: who, until when, and what they did. */
export const ApprovalStepView = Type.Object({
  position: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  assignmentType: Type.String(),
  assignmentName: Nullable(Type.String()),
  assigneeUserId: Id,
  assigneeName: Nullable(Type.String()),
  /** null: not reached yet */
  startedAt: Nullable(Instant),
  dueAt: Nullable(Instant),
  actedAt: Nullable(Instant),
  /** APPROVED, REJECTED, BACK, CANCELED; null while waiting or not reached */
  outcome: Nullable(Type.String()),
  note: Nullable(Type.String()),
  /** acted by its deadline; null while it has not been acted on */
  metDeadline: Nullable(Type.Boolean()),
  remindersSent: Type.Integer({ minimum: 0 }),
  /** approved, rejected or returned by the request's own requester (four eyes waived by the tenant) */
  byRequester: Type.Boolean(),
  /** approved, rejected or returned by the record's creator, who did not request it (likewise) */
  byCreator: Type.Boolean(),
});
export type ApprovalStepView = Type.Static<typeof ApprovalStepView>;

/** One approval request of a record (a workflow instance) with its steps. */
export const ApprovalRequestView = Type.Object({
  id: Id,
  workflowTemplateId: Nullable(Id),
  templateName: Type.String(),
  requestedBy: Id,
  requestedByName: Nullable(Type.String()),
  requestedAt: Instant,
  /** OPEN while in approval; then the status it closed with */
  state: Type.String(),
  currentPosition: Nullable(Type.Integer()),
  closedAt: Nullable(Instant),
  steps: Type.Array(ApprovalStepView),
});
export type ApprovalRequestView = Type.Static<typeof ApprovalRequestView>;

/** One line of a record's timeline: who did what, when, with which note. */
export const ApprovalEventView = Type.Object({
  id: Id,
  action: oneOf(APPROVAL_ACTIONS),
  fromStatus: Nullable(Type.String()),
  toStatus: Type.String(),
  stepPosition: Nullable(Type.Integer()),
  actorId: Nullable(Id),
  actorName: Nullable(Type.String()),
  note: Nullable(Type.String()),
  at: Instant,
  /** an approval, rejection or return by the request's requester (see ApprovalStepView) */
  byRequester: Type.Boolean(),
  /** an approval, rejection or return by the record's creator, who did not request it */
  byCreator: Type.Boolean(),
});
export type ApprovalEventView = Type.Static<typeof ApprovalEventView>;

/** GET {id}/approval-timeline: the record's status, its requests (newest first) and its events (oldest first). */
export const ApprovalTimeline = Type.Object({
  approvalStatus: oneOf(APPROVAL_STATUSES),
  /** what the caller may do now (the table of transitions.ts, for this record and this user) */
  allowedActions: Type.Array(Type.String()),
  requests: Type.Array(ApprovalRequestView),
  events: Type.Array(ApprovalEventView),
});
export type ApprovalTimeline = Type.Static<typeof ApprovalTimeline>;
