import type { Status } from '@hcm/contracts';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  date,
} from 'drizzle-orm/pg-core';

/*
 * The typed mirror of migration 0020. The tenant foreign keys live in the SQL only: this file
 * is imported by schema.ts, so it cannot refer back to `tenants`.
 */
const audit = () => ({
  status: varchar('status', { length: 16 }).$type<Status>().notNull().default('ACTIVE'),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: uuid('created_by'),
  lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
  lastModifiedBy: uuid('last_modified_by'),
});

/** Admin › parameter management: one value per code and effective date. */
export const parameters = pgTable(
  'parameters',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    value: numeric('value', { precision: 18, scale: 3 }).notNull(),
    unit: varchar('unit', { length: 20 }),
    effectiveDate: date('effective_date').notNull(),
    description: varchar('description', { length: 1000 }),
    ...audit(),
  },
  (t) => [
    primaryKey({ name: 'parameters_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('parameters_code_date_key').on(t.tenantId, sql`lower(${t.code})`, t.effectiveDate),
    index('parameters_effective_idx').on(t.tenantId, t.effectiveDate, t.id),
    index('parameters_code_idx').on(t.tenantId, t.code, t.id),
    index('parameters_name_idx').on(t.tenantId, t.name, t.id),
  ],
);

/** Admin › email and notification templates, in both languages. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    channel: varchar('channel', { length: 16 }).$type<'EMAIL' | 'NOTIFICATION'>().notNull(),
    subjectVi: varchar('subject_vi', { length: 250 }).notNull(),
    bodyVi: varchar('body_vi', { length: 10000 }).notNull(),
    subjectEn: varchar('subject_en', { length: 250 }),
    bodyEn: varchar('body_en', { length: 10000 }),
    description: varchar('description', { length: 1000 }),
    ...audit(),
  },
  (t) => [
    primaryKey({ name: 'message_templates_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('message_templates_code_key').on(t.tenantId, sql`lower(${t.code})`),
    index('message_templates_code_idx').on(t.tenantId, t.code, t.id),
    index('message_templates_name_idx').on(t.tenantId, t.name, t.id),
  ],
);

export const settingTables = { parameters, messageTemplates };
