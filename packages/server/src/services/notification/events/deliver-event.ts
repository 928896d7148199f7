import { ErrorCodes } from '@hcm/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import {
  emailDeliveries,
  notificationEventAudiences,
  notificationEvents,
} from '../tables/notification-events.ts';
import { messageTemplates } from '../../../db/tables/message-templates.ts';
import { AppError } from '../../../http/errors.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderEmail } from '../mail/render-email.ts';
import { sendNotifications } from '../send-notifications.ts';
import { resolveRecipients } from './resolve-recipients.ts';

/** The queues of the notification service. */
export const NotificationQueues = {
  /** one job per email: { tenantId, deliveryId } */
  email: 'notification-email',
  /** one job per scheduled notification, due at its sendAt: { tenantId, eventId } */
  scheduledSend: 'notification-scheduled-send',
} as const;

export interface EmailJob {
  tenantId: string;
  deliveryId: string;
}

export interface DeliveryDeps {
  readonly queue: JobQueue;
  /** null: no SMTP_URL, the portal sends no email */
  readonly mailer: Mailer | null;
  /** PUBLIC_URL: makes a portal link in an email absolute */
  readonly publicUrl: string | undefined;
}

type EventRow = typeof notificationEvents.$inferSelect;

/** A send that asks for email on a portal without a mail server is refused before anything is written. */
export function assertCanEmail(event: Pick<EventRow, 'sendEmail'>, deps: DeliveryDeps): void {
  if (event.sendEmail && !deps.mailer)
    throw new AppError(
      409,
      ErrorCodes.conflict,
      'This portal sends no email (no SMTP server is configured): untick "Also by email" or ask the administrator to set SMTP_URL',
      undefined,
      undefined,
      // for the browser to say in the user's words
      { reason: 'noMailServer' },
    );
}

/**
 * Sends a notification now, in the caller's transaction: its audience resolved to the people it
 * reaches at this moment, a notification in each one's inbox (pushed to their open pages once
 * the transaction commits), and when asked an email to each who has an address, written to the
 * outbound mail log as PENDING with its job, which the email queue sends and retries. The
 * record becomes SENT with its counts. Everything or nothing: a failure rolls it all back.
 */
export async function deliverEvent(
  tx: Tx,
  deps: DeliveryDeps,
  tenantId: string,
  event: EventRow,
): Promise<EventRow> {
  assertCanEmail(event, deps);
  const audiences = await tx
    .select()
    .from(notificationEventAudiences)
    .where(
      and(
        eq(notificationEventAudiences.tenantId, tenantId),
        eq(notificationEventAudiences.eventId, event.id),
      ),
    )
    .orderBy(asc(notificationEventAudiences.position));
  const recipients = await resolveRecipients(tx, audiences);
  const now = new Date();
  await sendNotifications(
    tx,
    tenantId,
    recipients.map((r) => r.userId),
    {
      title: event.title,
      content: event.content,
      attachedLink: event.attachedLink,
      eventType: event.eventType,
    },
  );
  let emailCount = 0;
  if (event.sendEmail) {
    const [template] = event.emailTemplateId
      ? await tx
          .select()
          .from(messageTemplates)
          .where(and(eq(messageTemplates.tenantId, tenantId), eq(messageTemplates.id, event.emailTemplateId)))
      : [];
    const mailed = recipients.filter((r) => r.email);
    for (let start = 0; start < mailed.length; start += 500) {
      const rows = mailed.slice(start, start + 500).map((recipient) => ({
        tenantId,
        eventId: event.id,
        userId: recipient.userId,
        toAddress: recipient.email as string,
        recipientName: recipient.fullName,
        ...renderEmail(template ?? null, { ...event, sentAt: now }, recipient, deps.publicUrl),
      }));
      const written = await tx
        .insert(emailDeliveries)
        .values(rows.map(({ text, ...row }) => ({ ...row, bodyText: text })))
        .returning({ id: emailDeliveries.id });
      await deps.queue.enqueue<EmailJob>(
        tx,
        NotificationQueues.email,
        written.map(({ id }) => ({ data: { tenantId, deliveryId: id } })),
      );
      emailCount += written.length;
    }
  }
  const [sent] = await tx
    .update(notificationEvents)
    .set({
      sendStatus: 'SENT',
      sentAt: now,
      // sent at once: the time it went is its send time (a scheduled one keeps the time it was due)
      sendAt: event.sendAt ?? now,
      recipientCount: recipients.length,
      emailCount,
      jobId: null,
      version: event.version + 1,
      lastModifiedAt: now,
      lastModifiedBy: event.lastModifiedBy,
    })
    .where(and(eq(notificationEvents.tenantId, tenantId), eq(notificationEvents.id, event.id)))
    .returning();
  return sent as EventRow;
}
