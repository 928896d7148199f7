import { and, eq } from 'drizzle-orm';
import type { MyNotification } from '@hcm/contracts/notifications';
import type { Tx } from '../../../db/database.ts';
import { userNotifications as n } from '../tables/notifications.ts';
import { notFound } from '../../../http/errors.ts';
import { inboxOf } from './list-my-notifications.ts';
import { notificationColumns, presentNotification } from './present-notification.ts';

/**
 * One of the caller's notifications, with its content (the "my notifications" detail page).
 * Reading it does not mark it read: the page does that with mark-read. Someone else's, another
 * tenant's (row-level security hides it) or one whose time has not come is 404, as in the inbox.
 */
export async function getMyNotification(tx: Tx, userId: string, id: string): Promise<MyNotification> {
  const [row] = await tx
    .select(notificationColumns)
    .from(n)
    .where(and(inboxOf(userId), eq(n.id, id)))
    .limit(1);
  if (!row) throw notFound('Notification not found');
  return presentNotification(row);
}
