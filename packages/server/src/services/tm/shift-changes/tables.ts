import type { ApprovalStatus } from '@hcm/contracts/approvals';
import type { ShiftChangeKind } from '@hcm/contracts/shift-change-requests';
import { date, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, tenantKeyColumns } from '../../../db/tables/columns.ts';

/* The typed mirror of migration 0068; the foreign keys and checks live in the SQL only. */
export const tmShiftChangeRequests = pgTable(
  'tm_shift_change_requests',
  {
    ...tenantKeyColumns(),
    workerId: uuid('worker_id').notNull(),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 8 }).$type<ShiftChangeKind>().notNull().default('MOVE'),
    // MOVE: the shift to work (null: a day off); SWAP: none (each takes the other's)
    workShiftId: uuid('work_shift_id'),
    otherWorkerId: uuid('other_worker_id'),
    otherWorkDate: date('other_work_date', { mode: 'string' }),
    // what the work calendars gave each named worker that day, resolved by the server on save
    currentShiftId: uuid('current_shift_id'),
    otherShiftId: uuid('other_shift_id'),
    reason: varchar('reason', { length: 1000 }).notNull(),
    approvalStatus: varchar('approval_status', { length: 16 })
      .$type<ApprovalStatus>()
      .notNull()
      .default('NEW'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    ...auditColumns(),
  },
  (t) => [primaryKey({ name: 'tm_shift_change_requests_pkey', columns: [t.tenantId, t.id] })],
);

export const shiftChangeRequestTables = { tmShiftChangeRequests };
