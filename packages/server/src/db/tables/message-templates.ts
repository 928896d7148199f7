import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, statusColumn, tenantKeyColumns } from './columns.ts';

/*
 * The typed mirror of migration 0020's message templates (System › Settings). In the engine
 * because the approval engine's step reminders fill a workflow's template
 * (resources/approval/step-reminders.ts).
 */

/** Admin › email and notification templates, in both languages. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    ...tenantKeyColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    channel: varchar('channel', { length: 16 }).$type<'EMAIL' | 'NOTIFICATION'>().notNull(),
    subjectVi: varchar('subject_vi', { length: 250 }).notNull(),
    bodyVi: varchar('body_vi', { length: 10000 }).notNull(),
    subjectEn: varchar('subject_en', { length: 250 }),
    bodyEn: varchar('body_en', { length: 10000 }),
    description: varchar('description', { length: 1000 }),
    ...statusColumn(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'message_templates_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('message_templates_code_key').on(t.tenantId, sql`lower(${t.code})`),
    index('message_templates_code_idx').on(t.tenantId, t.code, t.id),
    index('message_templates_name_idx').on(t.tenantId, t.name, t.id),
  ],
);

export const messageTemplateTables = { messageTemplates };
