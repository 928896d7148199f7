import { pgTable, primaryKey, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { LeaveCase } from '@hcm/contracts/leave-policies';
import { auditColumns, tenantKeyColumns } from '../../../../db/tables/columns.ts';

/* The typed mirror of migration 0069 (docs/leave.md "The worker's case"); checks live in the SQL. */

/** A worker's case for the year's base days; a worker with no row is STANDARD. */
export const tmLeaveWorkerCases = pgTable(
  'tm_leave_worker_cases',
  {
    ...tenantKeyColumns(),
    workerId: uuid('worker_id').notNull(),
    leaveCase: varchar('leave_case', { length: 8 }).$type<LeaveCase>().notNull().default('STANDARD'),
    note: varchar('note', { length: 1000 }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'tm_leave_worker_cases_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('tm_leave_worker_cases_worker_key').on(t.tenantId, t.workerId),
  ],
);

export const leaveRuleTables = { tmLeaveWorkerCases };
