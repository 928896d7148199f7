import { and, count, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { userNotifications as n } from '../tables/notifications.ts';
import { inboxOf } from './list-my-notifications.ts';

/** How many of the caller's notifications are unread: the bell's badge, polled every 20 s. */
export async function countUnread(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(n)
    .where(and(inboxOf(userId), eq(n.isRead, false)));
  return row?.value ?? 0;
}
