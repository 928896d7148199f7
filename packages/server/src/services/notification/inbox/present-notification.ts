import type { MyNotification } from '@hcm/contracts/notifications';
import { userNotifications } from '../tables/notifications.ts';

type Row = Pick<
  typeof userNotifications.$inferSelect,
  'id' | 'title' | 'content' | 'attachedLink' | 'eventType' | 'sendAt' | 'isRead'
>;

/** A user's notification as the inbox and the stream answer it. */
export function presentNotification(row: Row): MyNotification {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    attachedLink: row.attachedLink,
    eventType: row.eventType,
    sendAt: row.sendAt.toISOString(),
    isRead: row.isRead,
  };
}

/** The columns presentNotification reads, for a select or a returning. */
export const notificationColumns = {
  id: userNotifications.id,
  title: userNotifications.title,
  content: userNotifications.content,
  attachedLink: userNotifications.attachedLink,
  eventType: userNotifications.eventType,
  sendAt: userNotifications.sendAt,
  isRead: userNotifications.isRead,
};
