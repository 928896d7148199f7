import type { ApprovalStatus } from '@hcm/contracts/approvals';
import { date, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, tenantKeyColumns } from '../../../db/tables/columns.ts';

/** The typed mirror of migration 0052's salary_periods: the month a payroll run pays, approved as one record. */
export const salaryPeriods = pgTable(
  'salary_periods',
  {
    ...tenantKeyColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    /** the first day of the month: its lines' partition (payroll_result_lines.period_month) */
    periodMonth: date('period_month', { mode: 'string' }).notNull(),
    description: varchar('description', { length: 1000 }),
    approvalStatus: varchar('approval_status', { length: 16 })
      .$type<ApprovalStatus>()
      .notNull()
      .default('NEW'),
    ...auditColumns(),
  },
  (t) => [primaryKey({ name: 'salary_periods_pkey', columns: [t.tenantId, t.id] })],
);

export const salaryPeriodTables = { salaryPeriods };
