import type { MyNotification } from '@hcm/contracts/notifications';
import { ErrorCodes } from '@hcm/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { NOTIFICATION_CHANNEL, type NotificationBroadcast } from '../send-notifications.ts';

/** One open page of one user, listening for their notifications. */
export interface NotificationListener {
  tenantId: string | null;
  userId: string;
  push(notification: MyNotification): void;
  /** ends the listener's answer (the hub is closing, or the user opened too many) */
  close(): void;
}

export interface HubLimits {
  /** a user's open pages at once: a newer one closes the oldest (tabs forgotten in the background) */
  perUser: number;
  /** all listeners of this process: one more is refused with 503 rather than run the process out of sockets */
  total: number;
}

export const DEFAULT_HUB_LIMITS: HubLimits = { perUser: 8, total: 5000 };

export interface NotificationHub {
  /** Adds a listener; the function it answers removes it. Throws 503 when the process is full. */
  listen(listener: NotificationListener): () => void;
  /** listeners open now */
  readonly size: number;
  /** Stops listening to the database and closes every listener (the server's close). */
  close(): Promise<void>;
}

/**
 * This process's end of the notification fan-out: it LISTENs on the database channel that
 * sendNotifications NOTIFYs, whichever process sent it, and pushes each notification to the
 * open pages of its user in its tenant.
 */
export async function startNotificationHub(
  db: Pick<Database, 'listen'>,
  log: FastifyBaseLogger,
  limits: HubLimits = DEFAULT_HUB_LIMITS,
): Promise<NotificationHub> {
  const byUser = new Map<string, NotificationListener[]>();
  let size = 0;

  const deliver = (payload: string) => {
    let broadcast: NotificationBroadcast;
    try {
      broadcast = JSON.parse(payload) as NotificationBroadcast;
    } catch {
      log.warn({ channel: NOTIFICATION_CHANNEL }, 'notification broadcast that is not JSON: ignored');
      return;
    }
    for (const { userId, notification } of broadcast.deliveries ?? [])
      for (const listener of byUser.get(userId) ?? [])
        if (listener.tenantId === broadcast.tenantId) listener.push(notification);
  };
  const stopListening = await db.listen(NOTIFICATION_CHANNEL, deliver);

  const remove = (listener: NotificationListener) => {
    const list = byUser.get(listener.userId);
    const at = list?.indexOf(listener) ?? -1;
    if (!list || at < 0) return;
    list.splice(at, 1);
    size--;
    if (list.length === 0) byUser.delete(listener.userId);
  };

  return {
    listen(listener) {
      if (size >= limits.total)
        throw new AppError(
          503,
          ErrorCodes.serviceUnavailable,
          'Too many open notification streams on this server: the page checks for notifications every 20 s instead',
        );
      const list = byUser.get(listener.userId) ?? [];
      byUser.set(listener.userId, list);
      while (list.length >= limits.perUser) {
        const oldest = list[0] as NotificationListener;
        remove(oldest);
        oldest.close();
      }
      list.push(listener);
      size++;
      return () => remove(listener);
    },
    get size() {
      return size;
    },
    async close() {
      // The database may already be gone (closed first, or lost): the listeners end all the same.
      try {
        await stopListening();
      } catch (error) {
        log.warn({ err: error, channel: NOTIFICATION_CHANNEL }, 'could not stop listening for notifications');
      }
      for (const list of [...byUser.values()])
        for (const listener of [...list]) {
          remove(listener);
          listener.close();
        }
    },
  };
}
