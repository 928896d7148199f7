import { and, eq, sql } from 'drizzle-orm';
import type { MyNotification } from '@hcm/contracts/notifications';
import type { Tx } from '../../../db/database.ts';
import { userNotifications as n } from '../tables/notifications.ts';
import { notFound } from '../../../http/errors.ts';
import { inboxOf } from './list-my-notifications.ts';
import { notificationColumns, presentNotification } from './present-notification.ts';

/**
 * Marks one of the caller's notifications read and answers it; reading it twice keeps the first
 * time. Someone else's notification, or one not sent yet, is 404: its existence is not told.
 */
export async function markRead(tx: Tx, userId: string, id: string): Promise<MyNotification> {
  const [row] = await tx
    .update(n)
    .set({ isRead: true, readAt: sql`coalesce(${n.readAt}, now())` })
    .where(and(inboxOf(userId), eq(n.id, id)))
    .returning(notificationColumns);
  if (!row) throw notFound('Notification not found');
  return presentNotification(row);
}

/** Marks every unread notification of the caller read; answers how many it marked. */
export async function markAllRead(tx: Tx, userId: string): Promise<number> {
  const rows = await tx
    .update(n)
    .set({ isRead: true, readAt: sql`now()` })
    .where(and(inboxOf(userId), eq(n.isRead, false)))
    .returning({ id: n.id });
  return rows.length;
}
