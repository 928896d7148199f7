import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { approvalRequests, approvalSteps } from '../../db/tables/approvals.ts';
import { messageTemplates } from '../../db/tables/message-templates.ts';
import type { QueuedJob } from '../../jobs/job-queue.ts';
import type { ResourceDefinition } from '../types.ts';
import type { ApprovalDeps } from './approval-deps.ts';
import { noticeTime, sendApprovalNotice } from './approval-notices.ts';

/** The queue of the steps' reminders. */
export const APPROVAL_REMINDER_QUEUE = 'approval-step-reminder';

/** A step's reminders stop after this many: a step nobody acts on is not reminded for ever. */
export const MAX_REMINDERS = 50;

/** One reminder of one step: `sequence` is how many were sent before it (0 for the first). */
export interface ReminderJob {
  tenantId: string;
  recordType: string;
  requestId: string;
  position: number;
  sequence: number;
}

/**
 * When a step's first reminder is due: `notificationDuration` before its deadline (not before
 * it started), or at its deadline when the template gives no lead time.
 */
export function firstReminderAt(startedAt: Date, dueAt: Date, notificationDuration: number | null): Date {
  const at = dueAt.getTime() - Math.max(0, notificationDuration ?? 0);
  return new Date(Math.max(at, startedAt.getTime()));
}

/** Adds the job of a step's next reminder, in the caller's transaction (it exists once that commits). */
export async function scheduleReminder(tx: Tx, deps: ApprovalDeps, job: ReminderJob, at: Date) {
  if (!deps.queue) return;
  await deps.queue.enqueue(tx, APPROVAL_REMINDER_QUEUE, [{ data: job, startAfter: at }]);
}

/** {{placeholders}} of a NOTIFICATION template filled ({{record}} {{step}} {{dueAt}} {{link}}). */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);

export type ReminderOutcome = 'sent' | 'not-due' | 'stale';

/**
 * Runs one reminder job in its tenant's transaction. The step is locked and its counter must
 * still read the job's sequence: a job run twice (a process died after sending, before pg-boss
 * marked it done; or two processes) finds the counter moved and does nothing, so each reminder
 * is sent once. A step acted on, or of a closed request, is stale. Otherwise its assignee and
 * the requester are told (the template's notification template when it has one), the counter
 * moves, and the next reminder is queued `loopTime` later while the template repeats them.
 */
export async function remindStep(
  tx: Tx,
  deps: ApprovalDeps,
  definition: ResourceDefinition,
  job: QueuedJob<ReminderJob>,
): Promise<ReminderOutcome> {
  const { requestId, position, sequence } = job.data;
  const [step] = await tx
    .select()
    .from(approvalSteps)
    .where(and(eq(approvalSteps.requestId, requestId), eq(approvalSteps.position, position)))
    .for('update');
  const [request] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, requestId));
  if (
    !step ||
    !request ||
    request.state !== 'OPEN' ||
    step.actedAt !== null ||
    step.startedAt === null ||
    step.dueAt === null ||
    step.nextReminderAt === null ||
    step.remindersSent !== sequence
  )
    return 'stale';
  const now = deps.now();
  if (step.nextReminderAt > now) {
    // early (a clock moved back): try again when it is due, under the same sequence
    await scheduleReminder(tx, deps, job.data, step.nextReminderAt);
    return 'not-due';
  }
  const [record] = (await tx
    .select()
    .from(definition.table)
    .where(eq(definition.columns.id, step.recordId))) as Record<string, unknown>[];
  if (!record) return 'stale';

  const [template] = request.notificationTemplateId
    ? await tx.select().from(messageTemplates).where(eq(messageTemplates.id, request.notificationTemplateId))
    : [];
  const dueAt = step.dueAt;
  const overdue = now >= dueAt;
  await sendApprovalNotice(tx, deps, {
    tenantId: job.data.tenantId,
    definition,
    record,
    userIds: [step.assigneeUserId, request.requestedBy],
    actorId: null,
    text: (language, caption) => {
      const due = noticeTime(dueAt, language);
      if (template) {
        const values = { record: caption, step: step.name, dueAt: due, link: '' };
        const en = language === 'en' && template.subjectEn && template.bodyEn;
        return {
          title: fill(en ? (template.subjectEn as string) : template.subjectVi, values),
          content: fill(en ? (template.bodyEn as string) : template.bodyVi, values),
        };
      }
      if (language === 'en')
        return {
          title: `${overdue ? 'Overdue' : 'Due soon'}: ${caption}`,
          content: `The step "${step.name}" of ${caption} is due at ${due}${overdue ? ' and has not been acted on' : ''}.`,
        };
      return {
        title: `${overdue ? 'Quá hạn xử lý' : 'Sắp đến hạn xử lý'}: ${caption}`,
        content: `Bước "${step.name}" của ${caption} có hạn xử lý lúc ${due}${overdue ? ' và chưa được xử lý' : ''}.`,
      };
    },
  });
  const sent = step.remindersSent + 1;
  // every loopTime after the last one due; a late run (the server was down) does not catch up in a burst
  const loop = request.loopTime ?? 0;
  const following = step.nextReminderAt.getTime() + loop;
  const next =
    loop > 0 && sent < MAX_REMINDERS
      ? new Date(following > now.getTime() ? following : now.getTime() + loop)
      : null;
  await tx
    .update(approvalSteps)
    .set({ remindersSent: sent, nextReminderAt: next })
    .where(and(eq(approvalSteps.requestId, requestId), eq(approvalSteps.position, position)));
  if (next) await scheduleReminder(tx, deps, { ...job.data, sequence: sent }, next);
  return 'sent';
}
