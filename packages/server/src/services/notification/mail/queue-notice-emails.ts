import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { users } from '../../../db/schema.ts';
import { emailDeliveries } from '../tables/notification-events.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import { NotificationQueues, type EmailJob } from '../events/deliver-event.ts';
import { absoluteLink } from './render-email.ts';

export interface NoticeEmailDeps {
  readonly queue: JobQueue;
  /** the portal has a mail server (SMTP_URL): without one, no email is written */
  readonly enabled: boolean;
  readonly publicUrl: string | undefined;
}

/**
 * A notice of the portal (an approval to act on, a reminder) also by email, where the portal has
 * a mail server: for each of `userIds` who is an active user of the tenant with an address, a row
 * of the outbound mail log (no notification event) and its job on the email queue, in the
 * caller's transaction. The greeting and the link follow the notice's language. Answers how many.
 */
export async function queueNoticeEmails(
  tx: Tx,
  deps: NoticeEmailDeps,
  tenantId: string,
  userIds: readonly string[],
  notice: { title: string; content: string; attachedLink: string | null; language?: 'vi' | 'en' },
): Promise<number> {
  if (!deps.enabled || userIds.length === 0) return 0;
  const recipients = await tx
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(
      and(
        inArray(users.id, [...new Set(userIds)]),
        eq(users.tenantId, tenantId),
        eq(users.status, 'ACTIVE'),
        isNotNull(users.email),
      ),
    );
  if (recipients.length === 0) return 0;
  const link = absoluteLink(notice.attachedLink, deps.publicUrl);
  const greeting = notice.language === 'en' ? 'Hello' : 'Xin chào';
  const written = await tx
    .insert(emailDeliveries)
    .values(
      recipients.map((recipient) => ({
        tenantId,
        userId: recipient.id,
        toAddress: recipient.email as string,
        recipientName: recipient.fullName,
        subject: notice.title.slice(0, 250),
        bodyText: `${greeting} ${recipient.fullName},\n\n${notice.content}${link ? `\n\n${link}` : ''}`.slice(
          0,
          20000,
        ),
      })),
    )
    .returning({ id: emailDeliveries.id });
  await deps.queue.enqueue<EmailJob>(
    tx,
    NotificationQueues.email,
    written.map(({ id }) => ({ data: { tenantId, deliveryId: id } })),
  );
  return written.length;
}
