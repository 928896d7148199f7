import type { Status } from '@hcm/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/*
 * The typed mirror of migration 0012 (leave categories). The tenant foreign keys live in the SQL
 * only: this file is imported by schema.ts, so it cannot refer back to `tenants`.
 */

const audit = () => ({
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: uuid('created_by'),
  lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
  lastModifiedBy: uuid('last_modified_by'),
});

/** Leave types: an Admin category with whether the employer pays and the days a year. */
export const leaveTypes = pgTable(
  'leave_types',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    description: varchar('description', { length: 1000 }),
    priority: integer('priority').notNull().default(0),
    status: varchar('status', { length: 16 }).$type<Status>().notNull().default('ACTIVE'),
    paid: boolean('paid').notNull(),
    maxDaysPerYear: numeric('max_days_per_year', { precision: 4, scale: 1 }),
    ...audit(),
  },
  (t) => [
    primaryKey({ name: 'leave_types_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('leave_types_code_key').on(t.tenantId, sql`lower(${t.code})`),
    index('leave_types_priority_idx').on(t.tenantId, t.priority, t.id),
  ],
);

/** Holidays: from a start date to an end date (not before it). */
export const holidays = pgTable(
  'holidays',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    paid: boolean('paid').notNull(),
    description: varchar('description', { length: 1000 }),
    status: varchar('status', { length: 16 }).$type<Status>().notNull().default('ACTIVE'),
    ...audit(),
  },
  (t) => [
    primaryKey({ name: 'holidays_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('holidays_code_key').on(t.tenantId, sql`lower(${t.code})`),
    index('holidays_start_date_idx').on(t.tenantId, t.startDate, t.id),
  ],
);

/** Leave types and public holidays. */
export const leaveCategoryTables = { leaveTypes, holidays };
