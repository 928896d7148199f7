// The notification module's tables: drizzle mirrors of their migrations (the SQL is the truth).
import { notificationEventTables } from './notification-events.ts';
import { inboxTables } from './notifications.ts';

/** The module's drizzle mirrors, for the schema check (services/tables.test.ts). */
export const notificationTables = { ...inboxTables, ...notificationEventTables };
