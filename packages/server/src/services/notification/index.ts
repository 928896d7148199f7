import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { inboxRoutes } from './inbox/routes.ts';
import { startNotificationHub, type HubLimits } from './push/notification-hub.ts';
import { streamRoutes } from './push/stream-route.ts';

export { sendNotifications, type NotificationMessage } from './send-notifications.ts';

/**
 * The notification service: /api/notification/... Each user's inbox, and the stream that pushes
 * a new notification to their open pages through the hub (LISTEN/NOTIFY, so any process may send).
 */
export const notificationService: FastifyPluginAsync<{
  deps: { db: Database };
  hubLimits?: HubLimits;
  heartbeatMs?: number;
}> = async (app, { deps, hubLimits, heartbeatMs }) => {
  const hub = await startNotificationHub(deps.db, app.log, hubLimits);
  // preClose, not onClose: the server waits for open answers before onClose, and a stream never ends by itself
  app.addHook('preClose', async () => hub.close());
  await app.register(inboxRoutes, { db: deps.db.orm });
  await app.register(streamRoutes, { hub, ...(heartbeatMs === undefined ? {} : { heartbeatMs }) });
};
