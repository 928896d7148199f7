/*
 * Each user's notifications (core §2 "Notification bell", §3 "Notification", §7; design.md "API
 * conventions"): the inbox, its unread count, marking read, and the stream that pushes a new one
 * to the open pages of its user within a second.
 */

const BASE = '/api/notification/me/notifications';

export const MY_NOTIFICATIONS_PATHS = {
  list: BASE,
  countUnread: `${BASE}/count-unread`,
  markRead: `${BASE}/:id/mark-read`,
  markAllRead: `${BASE}/mark-read-all`,
  /** text/event-stream of `notification` events; read with fetch so the token goes in a header */
  stream: `${BASE}/stream`,
} as const;

/** The inbox's sorts (core §3: sendAt descending by default). */
export const MY_NOTIFICATION_SORTS = ['sendAt.desc', 'sendAt.asc'] as const;
export type MyNotificationSort = (typeof MY_NOTIFICATION_SORTS)[number];

/** core §7: the bell polls the unread count every 20 s, whatever the stream does. */
export const UNREAD_POLL_MS = 20_000;
/** core §7: toasts of new notifications, at most 5 stacked, 3000 ms each, top right */
export const NOTIFICATION_TOASTS = { max: 5, durationMs: 3000 } as const;
/** The stream's comment line that keeps proxies from closing an idle connection. */
export const NOTIFICATION_HEARTBEAT_MS = 25_000;
/** The name of the stream's events that carry a notification. */
export const NOTIFICATION_EVENT = 'notification';

export const NotificationLimits = {
  title: 200,
  content: 2000,
  attachedLink: 1000,
} as const;

/** One notification of the current user, as the inbox and the stream answer it. */
export interface MyNotification {
  id: string;
  title: string;
  content: string | null;
  /** a path inside the portal ("/om/employee/…") or an http(s) address */
  attachedLink: string | null;
  eventType: string | null;
  /** ISO 8601 */
  sendAt: string;
  isRead: boolean;
}
