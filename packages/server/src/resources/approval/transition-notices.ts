import type { ApprovalStatus } from '@hcm/contracts/approvals';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { approvalRequests, approvalSteps } from '../../db/tables/approvals.ts';
import type { ResourceDefinition } from '../types.ts';
import { sendApprovalNotice, type NoticeText } from './approval-notices.ts';
import type { ApprovalContext, TransitionAction } from './take-approval-action.ts';

type Row = Record<string, unknown>;

const withNote = (text: string, note: string | null, label: string) =>
  note ? `${text} ${label}: ${note}` : text;

/**
 * Who hears of a transition (issue 13: "every transition notifies the people concerned"): the
 * assignee of the step that now waits (on a request and after each approval but the last), the
 * requester (of every approval, rejection, return and of the end), and on a cancel the assignee
 * whose step went away. The actor is never told of their own act.
 */
export async function transitionNotices(
  tx: Tx,
  definition: ResourceDefinition,
  context: ApprovalContext,
  change: {
    record: Row;
    action: TransitionAction;
    next: ApprovalStatus;
    requestId: string;
    note: string | null;
  },
): Promise<void> {
  const [request] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, change.requestId));
  if (!request) return;
  const steps = await tx
    .select()
    .from(approvalSteps)
    .where(eq(approvalSteps.requestId, request.id))
    .orderBy(asc(approvalSteps.position));
  const waiting = steps.find((step) => step.startedAt !== null && step.actedAt === null);
  const lastActed = [...steps].reverse().find((step) => step.actedAt !== null);
  const send = (userIds: (string | null | undefined)[], text: NoticeText) =>
    sendApprovalNotice(tx, context.deps, {
      tenantId: context.scope.tenantId as string,
      definition,
      record: change.record,
      userIds,
      actorId: context.actor.userId,
      text,
    });
  const { note } = change;

  if (waiting && change.action !== 'CANCEL_APPROVAL')
    await send([waiting.assigneeUserId], (language, caption) =>
      language === 'en'
        ? {
            title: `Awaiting your approval: ${caption}`,
            content: `Step "${waiting.name}" of ${caption} awaits your approval.`,
          }
        : {
            title: `Chờ bạn phê duyệt: ${caption}`,
            content: `Bước "${waiting.name}" của ${caption} đang chờ bạn phê duyệt.`,
          },
    );

  const requester = [request.requestedBy];
  switch (change.action) {
    case 'APPROVE':
      await send(requester, (language, caption) =>
        change.next === 'APPROVED'
          ? language === 'en'
            ? {
                title: `Approved: ${caption}`,
                content: withNote(`${caption} has been approved.`, note, 'Note'),
              }
            : {
                title: `Đã phê duyệt: ${caption}`,
                content: withNote(`${caption} đã được phê duyệt.`, note, 'Ghi chú'),
              }
          : language === 'en'
            ? {
                title: `Step approved: ${caption}`,
                content: withNote(
                  `Step "${lastActed?.name ?? ''}" of ${caption} has been approved.`,
                  note,
                  'Note',
                ),
              }
            : {
                title: `Đã duyệt một bước: ${caption}`,
                content: withNote(
                  `Bước "${lastActed?.name ?? ''}" của ${caption} đã được duyệt.`,
                  note,
                  'Ghi chú',
                ),
              },
      );
      break;
    case 'REJECT':
      await send(requester, (language, caption) =>
        language === 'en'
          ? {
              title: `Rejected: ${caption}`,
              content: withNote(`${caption} has been rejected.`, note, 'Reason'),
            }
          : {
              title: `Bị từ chối: ${caption}`,
              content: withNote(`${caption} đã bị từ chối.`, note, 'Lý do'),
            },
      );
      break;
    case 'BACK':
      await send(requester, (language, caption) =>
        language === 'en'
          ? {
              title: `Returned for changes: ${caption}`,
              content: withNote(`${caption} was returned to you for changes.`, note, 'Reason'),
            }
          : {
              title: `Trả lại để chỉnh sửa: ${caption}`,
              content: withNote(`${caption} đã được trả lại để bạn chỉnh sửa.`, note, 'Lý do'),
            },
      );
      break;
    case 'CANCEL_APPROVAL':
      await send([lastActed?.assigneeUserId], (language, caption) =>
        language === 'en'
          ? {
              title: `Request canceled: ${caption}`,
              content: withNote(`The approval request of ${caption} was canceled.`, note, 'Reason'),
            }
          : {
              title: `Đã huỷ yêu cầu duyệt: ${caption}`,
              content: withNote(`Yêu cầu phê duyệt ${caption} đã bị huỷ.`, note, 'Lý do'),
            },
      );
      break;
    default:
      break;
  }
}
