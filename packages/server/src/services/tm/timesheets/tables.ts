import type { ApprovalStatus } from '@hcm/contracts/approvals';
import { pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, tenantKeyColumns } from '../../../db/tables/columns.ts';

/* The typed mirror of migration 0062; the foreign key, checks and unique indexes live in the SQL only. */

export const tmTimesheets = pgTable(
  'tm_timesheets',
  {
    ...tenantKeyColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    organizationUnitId: uuid('organization_unit_id').notNull(),
    month: varchar('month', { length: 7 }).notNull(),
    note: varchar('note', { length: 1000 }),
    approvalStatus: varchar('approval_status', { length: 16 })
      .$type<ApprovalStatus>()
      .notNull()
      .default('NEW'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    ...auditColumns(),
  },
  (t) => [primaryKey({ name: 'tm_timesheets_pkey', columns: [t.tenantId, t.id] })],
);

/** The module's drizzle mirrors, for the schema check (services/tables.test.ts). */
export const timesheetTables = { tmTimesheets };
