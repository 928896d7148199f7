import type { ApprovalStatus } from '@hcm/contracts/approvals';
import type { PayClass } from '@hcm/contracts/labour-calendar';
import { sql } from 'drizzle-orm';
import { date, integer, numeric, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, tenantKeyColumns } from '../../../db/tables/columns.ts';

/* The typed mirror of migration 0066; the foreign keys and checks live in the SQL only. */

/** The registered minutes of 'HH:mm' from and to (a to at or before the from: the next morning). */
const MINUTES = sql`((substr(to_time, 1, 2)::integer * 60 + substr(to_time, 4, 2)::integer)
  - (substr(from_time, 1, 2)::integer * 60 + substr(from_time, 4, 2)::integer) + 1439) % 1440 + 1`;

export const tmOvertimeRegistrations = pgTable(
  'tm_overtime_registrations',
  {
    ...tenantKeyColumns(),
    workerId: uuid('worker_id').notNull(),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    fromTime: varchar('from_time', { length: 5 }).notNull(),
    toTime: varchar('to_time', { length: 5 }).notNull(),
    minutes: integer('minutes').generatedAlwaysAs(MINUTES),
    hours: numeric('hours', { precision: 5, scale: 2 }).generatedAlwaysAs(sql`round((${MINUTES}) / 60.0, 2)`),
    dayType: varchar('day_type', { length: 16 }).$type<PayClass>(),
    reason: varchar('reason', { length: 1000 }).notNull(),
    approvalStatus: varchar('approval_status', { length: 16 })
      .$type<ApprovalStatus>()
      .notNull()
      .default('NEW'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    ...auditColumns(),
  },
  (t) => [primaryKey({ name: 'tm_overtime_registrations_pkey', columns: [t.tenantId, t.id] })],
);

export const overtimeRegistrationTables = { tmOvertimeRegistrations };
