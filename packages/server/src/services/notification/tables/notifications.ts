import { boolean, index, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { NotificationLimits } from '@hcm/contracts/notifications';

/* The typed mirror of migration 0041: a row per notification per user. */
export const userNotifications = pgTable(
  'user_notifications',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    title: varchar('title', { length: NotificationLimits.title }).notNull(),
    content: varchar('content', { length: NotificationLimits.content }),
    attachedLink: varchar('attached_link', { length: NotificationLimits.attachedLink }),
    eventType: varchar('event_type', { length: 50 }),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull().defaultNow(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'user_notifications_pkey', columns: [t.tenantId, t.id] }),
    index('user_notifications_inbox_idx').on(t.tenantId, t.userId, t.sendAt.desc(), t.id.desc()),
  ],
);

export const inboxTables = { userNotifications };
