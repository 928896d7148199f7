import type {
  ApprovalActionName,
  ApprovalStatus,
  ApprovalTimeline,
  ApprovalTransition,
} from '@hcm/contracts/approvals';
import { APPROVAL_TRANSITIONS } from '@hcm/contracts/approvals';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { approvalEvents, approvalRequests, approvalSteps } from '../../db/tables/approvals.ts';
import type { ResourceScope } from '../caller.ts';
import type { ResourceDefinition } from '../types.ts';
import { findRecord } from '../write/find-record.ts';
import { recordTypeOf } from './approval-spec.ts';
import { interestOf, requesterMayApprove } from './four-eyes.ts';
import type { ApprovalActor } from './take-approval-action.ts';
import { userNames } from './workflow-snapshot.ts';

const iso = (at: Date | null) => (at ? at.toISOString() : null);
/** The step outcomes and the events that are an assignee's decision (what four eyes is about). */
const DECIDED_OUTCOMES: ReadonlySet<string> = new Set(['APPROVED', 'REJECTED', 'BACK']);
const DECIDED_ACTIONS: ReadonlySet<string> = new Set(['APPROVE', 'REJECT', 'BACK']);

/**
 * GET {id}/approval-timeline: the record's status, what the caller may do now (the transition
 * table for this record and user: their permissions were checked by `mayHold`), every request
 * newest first with its steps (deadline, and whether it was met), and every event oldest first.
 */
export async function readTimeline(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  id: string,
  actor: ApprovalActor,
  mayHold: (action: ApprovalTransition['action']) => boolean,
): Promise<ApprovalTimeline> {
  const spec = definition.approval;
  if (!spec) throw new Error(`${definition.basePath} is not approvable`);
  const record = await findRecord(tx, definition, scope, id);
  const recordType = recordTypeOf(definition.declaration);
  const status = record[spec.statusField] as ApprovalStatus;
  const requests = await tx
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.recordType, recordType), eq(approvalRequests.recordId, id)))
    .orderBy(desc(approvalRequests.requestedAt));
  const steps =
    requests.length === 0
      ? []
      : await tx
          .select()
          .from(approvalSteps)
          .where(
            inArray(
              approvalSteps.requestId,
              requests.map((r) => r.id),
            ),
          )
          .orderBy(asc(approvalSteps.position));
  const events = await tx
    .select()
    .from(approvalEvents)
    .where(and(eq(approvalEvents.recordType, recordType), eq(approvalEvents.recordId, id)))
    .orderBy(asc(approvalEvents.at), asc(approvalEvents.id));
  const names = await userNames(tx, [
    ...requests.map((r) => r.requestedBy),
    ...steps.map((s) => s.assigneeUserId),
    ...events.map((e) => e.actorId),
  ]);

  const open = requests.find((r) => r.state === 'OPEN');
  const current = steps.find((s) => s.requestId === open?.id && s.position === open?.currentPosition);
  const createdBy = (record.createdBy as string | null | undefined) ?? null;
  // the current step's assignee who requested it (or created the record) acts on it only when
  // the tenant allows it (four eyes): take-approval-action.ts refuses it otherwise
  const ownStep =
    !actor.isRoot &&
    open !== undefined &&
    current?.assigneeUserId === actor.userId &&
    interestOf(actor.userId, { requestedBy: open.requestedBy, createdBy }) !== null;
  const mayActOnOwn = ownStep ? await requesterMayApprove(tx, scope.tenantId) : true;
  const allowedActions = APPROVAL_TRANSITIONS.filter((t) => {
    if (!t.from.includes(status) || !mayHold(t.action)) return false;
    if (actor.isRoot) return true;
    if (t.action === 'CANCEL_APPROVAL') return open?.requestedBy === actor.userId;
    if (t.actor === 'assignee') return current?.assigneeUserId === actor.userId && mayActOnOwn;
    return true;
  }).map((t) => t.action);
  /** who acted on a step (or took an event), to the request: its requester, the record's creator */
  const markOf = (requestedBy: string | undefined, decided: boolean, by: string | null) => {
    const interest =
      decided && by !== null && requestedBy !== undefined ? interestOf(by, { requestedBy, createdBy }) : null;
    return { byRequester: interest === 'requester', byCreator: interest === 'creator' };
  };
  const requestedByOf = new Map(requests.map((r) => [r.id, r.requestedBy]));

  return {
    approvalStatus: status,
    allowedActions,
    requests: requests.map((request) => ({
      id: request.id,
      workflowTemplateId: request.workflowTemplateId,
      templateName: request.templateName,
      requestedBy: request.requestedBy,
      requestedByName: names.get(request.requestedBy) ?? null,
      requestedAt: request.requestedAt.toISOString(),
      state: request.state,
      currentPosition: request.currentPosition,
      closedAt: iso(request.closedAt),
      steps: steps
        .filter((step) => step.requestId === request.id)
        .map((step) => ({
          position: step.position,
          name: step.name,
          assignmentType: step.assignmentType,
          assignmentName: step.assignmentName,
          assigneeUserId: step.assigneeUserId,
          assigneeName: names.get(step.assigneeUserId) ?? null,
          startedAt: iso(step.startedAt),
          dueAt: iso(step.dueAt),
          actedAt: iso(step.actedAt),
          outcome: step.outcome,
          note: step.note,
          metDeadline: step.actedAt && step.dueAt ? step.actedAt <= step.dueAt : null,
          remindersSent: step.remindersSent,
          // a step canceled with its request was "acted on" by the requester too: not a decision
          ...markOf(request.requestedBy, DECIDED_OUTCOMES.has(step.outcome ?? ''), step.actedBy),
        })),
    })),
    events: events.map((event) => ({
      id: event.id,
      action: event.action as ApprovalActionName,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      stepPosition: event.stepPosition,
      actorId: event.actorId,
      actorName: event.actorId ? (names.get(event.actorId) ?? null) : null,
      note: event.note,
      at: event.at.toISOString(),
      ...markOf(requestedByOf.get(event.requestId ?? ''), DECIDED_ACTIONS.has(event.action), event.actorId),
    })),
  };
}
