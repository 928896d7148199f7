import { sql } from 'drizzle-orm';
import { boolean, index, numeric, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { categoryColumns } from '../../../db/tables/columns.ts';

/*
 * The typed mirror of migration 0012 (leave categories): leave types. The holidays of the same
 * migration stay in the engine (db/tables/holidays.ts): the approval engine's working calendar
 * reads them. The tenant foreign keys live in the SQL only.
 */

/** Leave types: an Admin category with whether the employer pays and the days a year. */
export const leaveTypes = pgTable(
  'leave_types',
  {
    ...categoryColumns(),
    paid: boolean('paid').notNull(),
    maxDaysPerYear: numeric('max_days_per_year', { precision: 4, scale: 1 }),
    // migration 0065: what the timesheet writes for it, and whether it draws on the annual balance
    timesheetReason: varchar('timesheet_reason', { length: 24 }).notNull().default('UNPAID_LEAVE'),
    usesAnnualBalance: boolean('uses_annual_balance').notNull().default(false),
    allowNegative: boolean('allow_negative').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'leave_types_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('leave_types_code_key').on(t.tenantId, sql`lower(${t.code})`),
    index('leave_types_priority_idx').on(t.tenantId, t.priority, t.id),
  ],
);

/** Leave types (holidays: db/tables/holidays.ts). */
export const leaveCategoryTables = { leaveTypes };
