import type { FastifyPluginAsync } from 'fastify';
import type { MailConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { inScope } from '../../db/tenant-scope.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { registerResources, type ResourceDefinition } from '../../resources/index.ts';
import { NotificationQueues, type DeliveryDeps, type EmailJob } from './events/deliver-event.ts';
import { notificationEventResources } from './events/resources.ts';
import { notificationEventRoutes } from './events/routes.ts';
import { sendScheduledEvent, type ScheduledSendJob } from './events/send-event.ts';
import { inboxRoutes } from './inbox/routes.ts';
import { createMailer } from './mail/mailer.ts';
import { sendQueuedEmail } from './mail/send-queued-email.ts';
import { startNotificationHub, type HubLimits } from './push/notification-hub.ts';
import { streamRoutes } from './push/stream-route.ts';

export { sendNotifications, type NotificationMessage } from './send-notifications.ts';
export { queueNoticeEmails, type NoticeEmailDeps } from './mail/queue-notice-emails.ts';

/** The resources of the notification service, declared with the resource framework. */
export const notificationResources: readonly ResourceDefinition[] = [...notificationEventResources];

/**
 * The notification service: /api/notification/... Each user's inbox, and the stream that pushes
 * a new notification to their open pages through the hub (LISTEN/NOTIFY, so any process may
 * send); the notifications HR composes and sends to an audience, in the portal and by email.
 * Emails and scheduled sends are jobs of the queue, worked by whichever process takes them.
 */
export const notificationService: FastifyPluginAsync<{
  deps: { db: Database; queue: JobQueue; mail: MailConfig; publicUrl: string | undefined };
  hubLimits?: HubLimits;
  heartbeatMs?: number;
}> = async (app, { deps, hubLimits, heartbeatMs }) => {
  const hub = await startNotificationHub(deps.db, app.log, hubLimits);
  // preClose, not onClose: the server waits for open answers before onClose, and a stream never ends by itself
  app.addHook('preClose', async () => hub.close());
  await app.register(inboxRoutes, { db: deps.db.orm });
  await app.register(streamRoutes, { hub, ...(heartbeatMs === undefined ? {} : { heartbeatMs }) });

  const mailer = createMailer(deps.mail);
  app.addHook('onClose', async () => mailer?.close());
  const delivery: DeliveryDeps = { queue: deps.queue, mailer, publicUrl: deps.publicUrl };
  const db = deps.db.orm;
  await deps.queue.work<EmailJob>(
    NotificationQueues.email,
    {
      retryLimit: deps.mail.retryLimit,
      retryDelaySeconds: deps.mail.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: 120,
      // 50 emails per look and process (with the default 2 s: up to 1500 a minute per process)
      batchSize: 50,
    },
    (job) => sendQueuedEmail(db, { mailer, outbound: app.outboundLog }, job),
  );
  await deps.queue.work<ScheduledSendJob>(
    NotificationQueues.scheduledSend,
    { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 600 },
    async (job) => {
      await inScope(db, { tenantId: job.data.tenantId, userId: null }, (tx) =>
        sendScheduledEvent(tx, delivery, job),
      );
    },
  );
  await app.register(notificationEventRoutes, { db, delivery });
  await registerResources(app, notificationResources, { db });
};
