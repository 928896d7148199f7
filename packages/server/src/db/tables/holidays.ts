import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { HolidayKind } from '@hcm/contracts/labour-calendar';
import { auditColumns, statusColumn, tenantKeyColumns } from './columns.ts';

/*
 * The typed mirror of migration 0012's holidays (Admin › Holidays, declared by services/om).
 * In the engine because the approval engine's working calendar skips them
 * (resources/approval/step-deadline.ts). The tenant foreign key lives in the SQL only.
 */

/** Holidays: from a start date to an end date (not before it). */
export const holidays = pgTable(
  'holidays',
  {
    ...tenantKeyColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** what the row is (0056): a public holiday, a day off in lieu, a company day off, a swap's half */
    kind: varchar('kind', { length: 32 }).$type<HolidayKind>().notNull().default('PUBLIC_HOLIDAY'),
    paid: boolean('paid').notNull(),
    description: varchar('description', { length: 1000 }),
    ...statusColumn(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'holidays_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('holidays_code_key').on(t.tenantId, sql`lower(${t.code})`),
    index('holidays_start_date_idx').on(t.tenantId, t.startDate, t.id),
    index('holidays_end_date_idx').on(t.tenantId, t.endDate, t.startDate),
  ],
);

export const holidayTables = { holidays };
