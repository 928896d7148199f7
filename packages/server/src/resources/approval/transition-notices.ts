import type { ApprovalStatus } from '@hcm/contracts/approvals';
import type { Tx } from '../../db/database.ts';
import type { ResourceDefinition } from '../types.ts';
import { sendApprovalNotice, type NoticeText } from './approval-notices.ts';
import type { ApprovalContext, TransitionAction } from './take-approval-action.ts';

type Row = Record<string, unknown>;

/** A step as the notices name it: its name and its assignee. */
export interface NoticeStep {
  readonly name: string;
  readonly assigneeUserId: string;
}

const withNote = (text: string, note: string | null, label: string) =>
  note ? `${text} ${label}: ${note}` : text;

/**
 * Who hears of a transition (issue 13: "every transition notifies the people concerned"): the
 * assignee of the step that now waits (on a request and after each approval but the last), the
 * requester (of every approval, rejection, return and of the end), and on a cancel the assignee
 * whose step went away. The actor is never told of their own act. The steps come from the
 * transition itself (it has just written them): nothing is read again here.
 */
export async function transitionNotices(
  tx: Tx,
  definition: ResourceDefinition,
  context: ApprovalContext,
  change: {
    record: Row;
    action: TransitionAction;
    next: ApprovalStatus;
    /** the requester of the request the transition moved */
    requestedBy: string;
    /** the step that now waits (started, not acted on), if any */
    waiting: NoticeStep | undefined;
    /** the step the transition acted on (none on a request) */
    acted: NoticeStep | undefined;
    note: string | null;
  },
): Promise<void> {
  const { waiting, acted } = change;
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

  const requester = [change.requestedBy];
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
                  `Step "${acted?.name ?? ''}" of ${caption} has been approved.`,
                  note,
                  'Note',
                ),
              }
            : {
                title: `Đã duyệt một bước: ${caption}`,
                content: withNote(
                  `Bước "${acted?.name ?? ''}" của ${caption} đã được duyệt.`,
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
      await send([acted?.assigneeUserId], (language, caption) =>
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
