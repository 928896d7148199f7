import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { emailDeliveries } from '../tables/notification-events.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import type { OutboundRecorder } from '../../../http/outbound/outbound-log.ts';
import type { QueuedJob } from '../../../jobs/job-queue.ts';
import type { EmailJob } from '../events/deliver-event.ts';
import type { Mailer } from './mailer.ts';

const DONE = new Set(['SENT', 'FAILED', 'CANCELED']);

/**
 * The email queue's job: sends one logged email and writes how it went — SENT with the server's
 * message id, or RETRYING with the error (the job throws, and the queue tries again after its
 * delay), FAILED once the retries are spent. Each attempt is also a line of the outbound log.
 * An email already SENT is never sent again (a job run twice after its worker died).
 */
export async function sendQueuedEmail(
  db: Db,
  deps: { mailer: Mailer | null; outbound: OutboundRecorder },
  job: QueuedJob<EmailJob>,
): Promise<void> {
  const { tenantId, deliveryId } = job.data;
  const scope = { tenantId, userId: null };
  const where = and(eq(emailDeliveries.tenantId, tenantId), eq(emailDeliveries.id, deliveryId));
  const [delivery] = await inScope(db, scope, (tx) => tx.select().from(emailDeliveries).where(where));
  if (!delivery || DONE.has(delivery.status)) return;
  const started = new Date();
  const entry = {
    createdAt: started,
    tenantId,
    requestId: null,
    target: 'email',
    method: 'SMTP',
    url: deps.mailer?.endpoint ?? 'smtp://not-configured',
    bytesSent: Buffer.byteLength(delivery.bodyText),
    bytesReceived: null,
  };
  try {
    if (!deps.mailer) throw new Error('no SMTP server is configured (SMTP_URL)');
    const sent = await deps.mailer.send({
      to: delivery.toAddress,
      subject: delivery.subject,
      text: delivery.bodyText,
    });
    const code = Number(/^\d{3}/.exec(sent.response)?.[0] ?? 250);
    deps.outbound.record({ ...entry, status: code, durationMs: Date.now() - started.getTime(), error: null });
    await inScope(db, scope, (tx) =>
      tx
        .update(emailDeliveries)
        .set({
          status: 'SENT',
          sentAt: new Date(),
          messageId: sent.messageId.slice(0, 250) || null,
          attempts: sql`${emailDeliveries.attempts} + 1`,
          lastAttemptAt: started,
          lastError: null,
        })
        .where(where),
    );
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const responseCode = (error as { responseCode?: unknown }).responseCode;
    deps.outbound.record({
      ...entry,
      status: typeof responseCode === 'number' ? responseCode : null,
      durationMs: Date.now() - started.getTime(),
      error: message,
    });
    const final = job.retryCount >= job.retryLimit;
    await inScope(db, scope, (tx) =>
      tx
        .update(emailDeliveries)
        .set({
          status: final ? 'FAILED' : 'RETRYING',
          attempts: sql`${emailDeliveries.attempts} + 1`,
          lastAttemptAt: started,
          lastError: message,
        })
        .where(where),
    );
    throw error;
  }
}
