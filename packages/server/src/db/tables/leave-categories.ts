import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  numeric,
  pgTable,
  primaryKey,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, categoryColumns, statusColumn, tenantKeyColumns } from './columns.ts';

/*
 * The typed mirror of migration 0012 (leave categories). The tenant foreign keys live in the SQL
 * only: this file is imported by schema.ts, so it cannot refer back to `tenants`.
 */

/** Leave types: an Admin category with whether the employer pays and the days a year. */
export const leaveTypes = pgTable(
  'leave_types',
  {
    ...categoryColumns(),
    paid: boolean('paid').notNull(),
    maxDaysPerYear: numeric('max_days_per_year', { precision: 4, scale: 1 }),
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
    ...tenantKeyColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    paid: boolean('paid').notNull(),
    description: varchar('description', { length: 1000 }),
    ...statusColumn(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'holidays_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('holidays_code_key').on(t.tenantId, sql`lower(${t.code})`),
    index('holidays_start_date_idx').on(t.tenantId, t.startDate, t.id),
  ],
);

/** Leave types and public holidays. */
export const leaveCategoryTables = { leaveTypes, holidays };
