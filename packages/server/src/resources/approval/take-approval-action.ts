import { ErrorCodes, FieldErrorKeys, ForbiddenReasons } from '@hcm/contracts';
import {
  transitionOf,
  nextApprovalStatus,
  type ApprovalActionName,
  type ApprovalStatus,
  type ApprovalTransition,
  type WorkflowAssignmentBody,
} from '@hcm/contracts/approvals';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import {
  approvalEvents,
  approvalRequests,
  approvalSteps,
  type StepOutcome,
} from '../../db/tables/approvals.ts';
import { AppError, forbiddenBecause, validationFailed } from '../../http/errors.ts';
import { presentRecord } from '../present.ts';
import type { ResourceDefinition, ResourceRecord } from '../types.ts';
import { findRecord } from '../write/find-record.ts';
import { attachLists } from '../write/lists.ts';
import { applyChanges, type WriteContext } from '../write/write-records.ts';
import type { ApprovalDeps } from './approval-deps.ts';
import { recordTypeOf } from './approval-spec.ts';
import { interestOf, requesterMayApprove, selfActionRefusal, selfAssignedErrors } from './four-eyes.ts';
import { transitionNotices, type NoticeStep } from './transition-notices.ts';
import { firstReminderAt, scheduleReminder } from './step-reminders.ts';
import { deadlineOf, type StepSla } from './step-deadline.ts';
import {
  sharedSnapshot,
  snapshotWorkflow,
  type SnapshotStep,
  type WorkflowSnapshot,
} from './workflow-snapshot.ts';

type Row = Record<string, unknown>;
export type TransitionAction = ApprovalTransition['action'];

/** Who acts: their id, and whether they are root (who may take any action the state allows). */
export interface ApprovalActor {
  readonly userId: string;
  readonly isRoot: boolean;
}

export interface ApprovalContext extends WriteContext {
  readonly actor: ApprovalActor;
  readonly deps: ApprovalDeps;
}

export interface ActionInput {
  /** the approval note (APPROVE) or the reason (REJECT, BACK, CANCEL) */
  note?: string | undefined;
  /** the record's version as the actor saw it: 409 when it has moved since */
  version?: number | undefined;
  /** REQUEST: the workflow assignment */
  workflow?: WorkflowAssignmentBody;
  /** REQUEST in a batch: the assignment's workflow, checked and snapshotted once for every record */
  snapshot?: (tx: Tx) => Promise<WorkflowSnapshot>;
  /** what the timeline calls it (CREATE_AND_REQUEST_APPROVAL for a record created and requested at once) */
  recordedAs?: ApprovalActionName;
}

const conflict = (message: string) => new AppError(409, ErrorCodes.conflict, message);

const VERB: Record<TransitionAction, string> = {
  REQUEST_APPROVAL: 'requested for approval',
  CANCEL_APPROVAL: 'have its approval request canceled',
  APPROVE: 'approved',
  REJECT: 'rejected',
  BACK: 'returned for changes',
};

/**
 * The input of a batch, the same for each of its records: a request's workflow (the template,
 * its steps, each assignee: nothing of it is the record's) checked and snapshotted once.
 */
export function batchInput(
  definition: ResourceDefinition,
  input: ActionInput,
  deps: ApprovalDeps,
): ActionInput {
  const templateType = definition.approval?.templateType;
  if (!input.workflow || templateType === undefined) return input;
  return { ...input, snapshot: sharedSnapshot(templateType, input.workflow, deps.assignees) };
}

/** The open request of a record, locked (with its steps in order), or null. */
async function openRequest(tx: Tx, recordType: string, recordId: string) {
  const [request] = await tx
    .select()
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.recordType, recordType),
        eq(approvalRequests.recordId, recordId),
        eq(approvalRequests.state, 'OPEN'),
      ),
    )
    .for('update');
  if (!request) return null;
  const steps = await tx
    .select()
    .from(approvalSteps)
    .where(eq(approvalSteps.requestId, request.id))
    .orderBy(asc(approvalSteps.position));
  return { request, steps };
}
type OpenRequest = NonNullable<Awaited<ReturnType<typeof openRequest>>>;

/** Starts a step now: its deadline from its SLA (working days by the tenant's calendar), its first reminder queued. */
async function startStep(
  tx: Tx,
  context: ApprovalContext,
  open: { id: string; notificationDuration: number | null },
  step: { position: number } & StepSla,
  recordType: string,
  now: Date,
) {
  const dueAt = await deadlineOf(tx, context.scope.tenantId ?? null, now, step);
  const remindAt = firstReminderAt(now, dueAt, open.notificationDuration);
  await tx
    .update(approvalSteps)
    .set({ startedAt: now, dueAt, nextReminderAt: remindAt })
    .where(and(eq(approvalSteps.requestId, open.id), eq(approvalSteps.position, step.position)));
  await scheduleReminder(
    tx,
    context.deps,
    {
      tenantId: context.scope.tenantId as string,
      recordType,
      requestId: open.id,
      position: step.position,
      sequence: 0,
    },
    remindAt,
  );
}

/** Ends the open request's current step with `outcome`, and the request when it is the last or a refusal. */
async function actOnCurrentStep(
  tx: Tx,
  open: OpenRequest,
  actorId: string,
  outcome: StepOutcome,
  note: string | null,
  now: Date,
) {
  const position = open.request.currentPosition as number;
  await tx
    .update(approvalSteps)
    .set({ actedAt: now, actedBy: actorId, outcome, note, nextReminderAt: null })
    .where(and(eq(approvalSteps.requestId, open.request.id), eq(approvalSteps.position, position)));
}

async function closeRequest(
  tx: Tx,
  requestId: string,
  state: 'APPROVED' | 'REJECTED' | 'CANCELED' | 'BACK',
  now: Date,
) {
  await tx
    .update(approvalRequests)
    .set({ state, currentPosition: null, closedAt: now })
    .where(eq(approvalRequests.id, requestId));
}

/**
 * The one place the transition table (transitions.ts, docs/approvals.md) is enforced. Locks the
 * record (a second action on it waits, then sees what the first did), checks the version the
 * actor saw, the state (409: the state does not allow the action), the actor (403: not the
 * requester, not the current step's assignee, or the step's assignee who requested it or created
 * the record: four eyes), the assignees of a request (400: the requester or the record's
 * creator, four eyes again, unless the tenant allows it), then moves the workflow and the
 * status, writes the timeline and the action log, tells the people concerned, and on APPROVED
 * applies the record's effect. All in the caller's transaction: on any error nothing is written.
 */
export async function takeApprovalAction(
  tx: Tx,
  definition: ResourceDefinition,
  context: ApprovalContext,
  id: string,
  action: TransitionAction,
  input: ActionInput = {},
): Promise<ResourceRecord> {
  const spec = definition.approval;
  if (!spec) throw new Error(`${definition.basePath} is not approvable`);
  const { actor, deps } = context;
  const recordType = recordTypeOf(definition.declaration);
  const before = await findRecord(tx, definition, context.scope, id, { forUpdate: true });
  if (input.version !== undefined && before.version !== input.version)
    throw conflict(
      `The record was changed by someone else (version ${String(before.version)}, not ${String(input.version)}): reload it`,
    );
  const status = before[spec.statusField] as ApprovalStatus;
  const transition = transitionOf(action);
  if (!transition.from.includes(status))
    throw conflict(`This record is ${status}: it cannot be ${VERB[action]}`);
  const open = action === 'REQUEST_APPROVAL' ? null : await openRequest(tx, recordType, id);
  if (action !== 'REQUEST_APPROVAL' && !open)
    throw conflict(`This record is ${status} but has no open approval request: it cannot be ${VERB[action]}`);
  const current = open?.steps.find((step) => step.position === open.request.currentPosition);

  const createdBy = (before.createdBy as string | null | undefined) ?? null;
  if (!actor.isRoot) {
    if (action === 'CANCEL_APPROVAL' && open?.request.requestedBy !== actor.userId)
      throw forbiddenBecause(
        ForbiddenReasons.notRequester,
        'Only the user who requested the approval may cancel it',
      );
    if (transition.actor === 'assignee' && current?.assigneeUserId !== actor.userId)
      throw forbiddenBecause(
        ForbiddenReasons.notAssignee,
        `Only the assignee of the current step "${current?.name ?? ''}" may act on it`,
      );
    // four eyes, checked again when acting: the setting may have been switched off since the
    // request named this assignee (the setting is read only when the rule is met)
    const interest =
      transition.actor === 'assignee' && open
        ? interestOf(actor.userId, { requestedBy: open.request.requestedBy, createdBy })
        : null;
    if (interest && !(await requesterMayApprove(tx, context.scope.tenantId)))
      throw forbiddenBecause(
        interest === 'requester' ? ForbiddenReasons.ownRequest : ForbiddenReasons.ownRecord,
        selfActionRefusal(interest),
      );
  }
  const note = input.note?.trim() ? input.note.trim() : null;
  if (transition.needsReason && !note)
    throw validationFailed([{ field: 'reason', code: FieldErrorKeys.required, message: 'is required' }]);
  if (spec.beforeAction) await spec.beforeAction({ tx, caller: context.scope }, before, action);

  const now = deps.now();
  let next: ApprovalStatus;
  let requestId: string;
  let position: number | null = current?.position ?? null;
  let requestedBy: string;
  // for the notices: the step that now waits, and the one just acted on
  let waiting: NoticeStep | undefined;
  let acted: NoticeStep | undefined;
  if (action === 'REQUEST_APPROVAL') {
    if (!input.workflow) throw conflict('A workflow assignment is required');
    const workflow = input.snapshot
      ? await input.snapshot(tx)
      : await snapshotWorkflow(tx, spec.templateType, input.workflow, deps.assignees);
    // four eyes, per record (the creator is the record's, the workflow may be a batch's)
    const selfAssigned = selfAssignedErrors(workflow.steps, { requestedBy: actor.userId, createdBy });
    if (selfAssigned.length > 0 && !(await requesterMayApprove(tx, context.scope.tenantId)))
      throw validationFailed(selfAssigned);
    const [created] = await tx
      .insert(approvalRequests)
      .values({
        tenantId: context.scope.tenantId as string,
        recordType,
        recordId: id,
        workflowTemplateId: workflow.templateId,
        templateName: workflow.templateName,
        loopTime: workflow.loopTime,
        notificationDuration: workflow.notificationDuration,
        notificationTemplateId: workflow.notificationTemplateId,
        requestedBy: actor.userId,
        requestedAt: now,
        currentPosition: 1,
      })
      .returning();
    const request = created as NonNullable<typeof created>;
    requestId = request.id;
    requestedBy = request.requestedBy;
    await tx.insert(approvalSteps).values(
      workflow.steps.map((step) => ({
        tenantId: context.scope.tenantId as string,
        requestId,
        recordType,
        recordId: id,
        ...step,
      })),
    );
    await startStep(tx, context, request, workflow.steps[0] as SnapshotStep, recordType, now);
    position = 1;
    next = 'WAIT_APPROVE';
    waiting = workflow.steps[0];
  } else {
    const { request, steps } = open as OpenRequest;
    requestId = request.id;
    requestedBy = request.requestedBy;
    acted = current;
    const last = current?.position === steps.length;
    next = nextApprovalStatus(status, action, last) as ApprovalStatus;
    if (action === 'APPROVE') {
      await actOnCurrentStep(tx, open as OpenRequest, actor.userId, 'APPROVED', note, now);
      const following = steps.find((step) => step.position === (current?.position ?? 0) + 1);
      if (last || !following) await closeRequest(tx, requestId, 'APPROVED', now);
      else {
        waiting = following;
        await tx
          .update(approvalRequests)
          .set({ currentPosition: following.position })
          .where(eq(approvalRequests.id, requestId));
        await startStep(tx, context, request, following, recordType, now);
      }
    } else {
      const outcome = action === 'REJECT' ? 'REJECTED' : action === 'BACK' ? 'BACK' : 'CANCELED';
      await actOnCurrentStep(tx, open as OpenRequest, actor.userId, outcome, note, now);
      await closeRequest(tx, requestId, outcome, now);
    }
  }

  const after = await applyChanges(tx, definition, context, before, { [spec.statusField]: next }, action);
  await tx.insert(approvalEvents).values({
    tenantId: context.scope.tenantId as string,
    recordType,
    recordId: id,
    requestId,
    action: input.recordedAs ?? action,
    fromStatus: input.recordedAs === 'CREATE_AND_REQUEST_APPROVAL' ? null : status,
    toStatus: next,
    stepPosition: position,
    actorId: actor.userId,
    note,
    at: now,
  });
  await transitionNotices(tx, definition, context, {
    record: after,
    action,
    next,
    requestedBy,
    waiting,
    acted,
    note,
  });
  let result = after;
  if (next === 'APPROVED' && spec.onApproved) {
    await spec.onApproved({ tx, caller: context.scope }, after);
    // the effect may have written to the record itself (a decision stamped as applied)
    result = await findRecord(tx, definition, context.scope, id);
  }
  await attachLists(tx, definition, [result]);
  return presentRecord(definition, result);
}

export type { Row as ApprovalRow };
