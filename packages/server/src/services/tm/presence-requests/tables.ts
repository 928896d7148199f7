import type { ApprovalStatus } from '@hcm/contracts/approvals';
import { date, integer, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, tenantKeyColumns } from '../../../db/tables/columns.ts';

/* The typed mirror of migration 0067; the foreign keys and checks live in the SQL only. */

const approvalColumns = () => ({
  approvalStatus: varchar('approval_status', { length: 16 }).$type<ApprovalStatus>().notNull().default('NEW'),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
});

export const tmBusinessTrips = pgTable(
  'tm_business_trips',
  {
    ...tenantKeyColumns(),
    workerId: uuid('worker_id').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    // 'HH:mm', both or neither: the hours of a one-day trip
    fromTime: varchar('from_time', { length: 5 }),
    toTime: varchar('to_time', { length: 5 }),
    destination: varchar('destination', { length: 200 }).notNull(),
    purpose: varchar('purpose', { length: 1000 }).notNull(),
    transport: varchar('transport', { length: 100 }),
    advanceAmount: integer('advance_amount'),
    ...approvalColumns(),
    ...auditColumns(),
  },
  (t) => [primaryKey({ name: 'tm_business_trips_pkey', columns: [t.tenantId, t.id] })],
);

export const tmConferences = pgTable(
  'tm_conferences',
  {
    ...tenantKeyColumns(),
    workerId: uuid('worker_id').notNull(),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    fromTime: varchar('from_time', { length: 5 }),
    toTime: varchar('to_time', { length: 5 }),
    place: varchar('place', { length: 200 }).notNull(),
    subject: varchar('subject', { length: 1000 }).notNull(),
    ...approvalColumns(),
    ...auditColumns(),
  },
  (t) => [primaryKey({ name: 'tm_conferences_pkey', columns: [t.tenantId, t.id] })],
);

export const presenceRequestTables = { tmBusinessTrips, tmConferences };
