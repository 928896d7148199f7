import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  AudienceType,
  EmailDeliveryStatus,
  NotificationEventStatus,
} from '@hcm/contracts/notification-events';
import { auditColumns, tenantKeyColumns } from '../../../db/tables/columns.ts';

/* The typed mirror of migration 0042. */

/** Notification › form: a notification to an audience, sent now or at send_at. */
export const notificationEvents = pgTable(
  'notification_events',
  {
    ...tenantKeyColumns(),
    title: varchar('title', { length: 200 }).notNull(),
    content: varchar('content', { length: 2000 }),
    eventType: varchar('event_type', { length: 32 }).notNull().default('GENERAL'),
    attachedLink: varchar('attached_link', { length: 1000 }),
    sendEmail: boolean('send_email').notNull().default(false),
    emailTemplateId: uuid('email_template_id'),
    sendAt: timestamp('send_at', { withTimezone: true }),
    sendStatus: varchar('send_status', { length: 16 })
      .$type<NotificationEventStatus>()
      .notNull()
      .default('DRAFT'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    recipientCount: integer('recipient_count'),
    emailCount: integer('email_count'),
    jobId: uuid('job_id'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'notification_events_pkey', columns: [t.tenantId, t.id] }),
    index('notification_events_created_idx').on(t.tenantId, t.createdAt.desc(), t.id),
    index('notification_events_title_idx').on(t.tenantId, t.title, t.id),
    index('notification_events_send_at_idx').on(t.tenantId, t.sendAt, t.id),
  ],
);

/** Who receives a notification, in the order given. */
export const notificationEventAudiences = pgTable(
  'notification_event_audiences',
  {
    tenantId: uuid('tenant_id').notNull(),
    eventId: uuid('event_id').notNull(),
    position: smallint('position').notNull(),
    assignmentType: varchar('assignment_type', { length: 32 }).$type<AudienceType>().notNull(),
    assignmentId: uuid('assignment_id'),
    assignmentName: varchar('assignment_name', { length: 200 }),
  },
  (t) => [
    primaryKey({ name: 'notification_event_audiences_pkey', columns: [t.tenantId, t.eventId, t.position] }),
  ],
);

/** The outbound mail log: one row per email and how its delivery went. */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    ...tenantKeyColumns(),
    eventId: uuid('event_id'),
    userId: uuid('user_id'),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    recipientName: varchar('recipient_name', { length: 200 }),
    subject: varchar('subject', { length: 250 }).notNull(),
    bodyText: varchar('body_text', { length: 20000 }).notNull(),
    status: varchar('status', { length: 16 }).$type<EmailDeliveryStatus>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 1000 }),
    messageId: varchar('message_id', { length: 250 }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'email_deliveries_pkey', columns: [t.tenantId, t.id] }),
    index('email_deliveries_event_idx').on(t.tenantId, t.eventId, t.createdAt, t.id),
    index('email_deliveries_created_idx').on(t.tenantId, t.createdAt.desc(), t.id),
  ],
);

export const notificationEventTables = { notificationEvents, notificationEventAudiences, emailDeliveries };
