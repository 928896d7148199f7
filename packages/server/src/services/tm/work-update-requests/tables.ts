import type { ApprovalStatus } from '@hcm/contracts/approvals';
import type { WorkUpdateDirection, WorkUpdateMode } from '@hcm/contracts/work-update-requests';
import { boolean, date, pgTable, primaryKey, smallint, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, tenantKeyColumns } from '../../../db/tables/columns.ts';

/* The typed mirror of migration 0063; the foreign keys and checks live in the SQL only. */

export const tmWorkUpdateRequests = pgTable(
  'tm_work_update_requests',
  {
    ...tenantKeyColumns(),
    workerId: uuid('worker_id').notNull(),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    mode: varchar('mode', { length: 8 }).$type<WorkUpdateMode>().notNull().default('ADD'),
    reason: varchar('reason', { length: 1000 }).notNull(),
    approvalStatus: varchar('approval_status', { length: 16 })
      .$type<ApprovalStatus>()
      .notNull()
      .default('NEW'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    ...auditColumns(),
  },
  (t) => [primaryKey({ name: 'tm_work_update_requests_pkey', columns: [t.tenantId, t.id] })],
);

export const tmWorkUpdateRequestPunches = pgTable(
  'tm_work_update_request_punches',
  {
    tenantId: uuid('tenant_id').notNull(),
    requestId: uuid('request_id').notNull(),
    position: smallint('position').notNull(),
    time: varchar('time', { length: 5 }).notNull(),
    direction: varchar('direction', { length: 3 }).$type<WorkUpdateDirection>(),
    // null: not said, the work day itself
    nextDay: boolean('next_day'),
  },
  (t) => [
    primaryKey({
      name: 'tm_work_update_request_punches_pkey',
      columns: [t.tenantId, t.requestId, t.position],
    }),
  ],
);

export const workUpdateRequestTables = { tmWorkUpdateRequests, tmWorkUpdateRequestPunches };
