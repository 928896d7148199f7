import type { ApprovalStatus } from '@hcm/contracts/approvals';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, tenantKeyColumns } from '../../../db/tables/columns.ts';
import type { LedgerKind } from './ledger.ts';

/* The typed mirror of migrations 0065 and 0071 (docs/leave.md); the foreign keys and checks live in the SQL only. */

/** The tenant's leave rules, each in force from its day until the next one's. */
export const tmLeavePolicies = pgTable(
  'tm_leave_policies',
  {
    ...tenantKeyColumns(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    baseDays: numeric('base_days', { precision: 4, scale: 1 }).notNull(),
    heavyWorkDays: numeric('heavy_work_days', { precision: 4, scale: 1 }).notNull(),
    specialDays: numeric('special_days', { precision: 4, scale: 1 }).notNull(),
    seniorityStepYears: smallint('seniority_step_years').notNull(),
    seniorityDaysPerStep: numeric('seniority_days_per_step', { precision: 4, scale: 1 }).notNull(),
    seniorityAsOf: varchar('seniority_as_of', { length: 10 }).notNull(),
    monthCountsFrom: numeric('month_counts_from', { precision: 2, scale: 1 }).notNull(),
    rounding: varchar('rounding', { length: 20 }).notNull(),
    accrualMode: varchar('accrual_mode', { length: 8 }).notNull(),
    updateDay: smallint('update_day').notNull(),
    carryOverMaxDays: numeric('carry_over_max_days', { precision: 4, scale: 1 }).notNull(),
    carryOverExpiresOn: varchar('carry_over_expires_on', { length: 5 }),
    description: varchar('description', { length: 1000 }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'tm_leave_policies_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('tm_leave_policies_effective_key').on(t.tenantId, t.effectiveFrom),
  ],
);

/** The leave application (Đơn xin nghỉ phép): a request document. */
export const tmLeaveApplications = pgTable(
  'tm_leave_applications',
  {
    ...tenantKeyColumns(),
    workerId: uuid('worker_id').notNull(),
    leaveTypeId: uuid('leave_type_id').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    portion: varchar('portion', { length: 10 }).notNull().default('DAYS'),
    startHalf: varchar('start_half', { length: 12 }).notNull().default('WHOLE'),
    endHalf: varchar('end_half', { length: 12 }).notNull().default('WHOLE'),
    fromTime: varchar('from_time', { length: 5 }),
    toTime: varchar('to_time', { length: 5 }),
    days: numeric('days', { precision: 7, scale: 3 }).notNull().default('0'),
    reason: varchar('reason', { length: 1000 }).notNull(),
    approvalStatus: varchar('approval_status', { length: 16 })
      .$type<ApprovalStatus>()
      .notNull()
      .default('NEW'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'tm_leave_applications_pkey', columns: [t.tenantId, t.id] }),
    index('tm_leave_applications_worker_idx').on(t.tenantId, t.workerId, t.fromDate),
  ],
);

/** The annual leave balance's entries: inserted, never updated (a correction is an entry). */
export const tmLeaveLedger = pgTable(
  'tm_leave_ledger',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    workerId: uuid('worker_id').notNull(),
    year: smallint('year').notNull(),
    kind: varchar('kind', { length: 16 }).$type<LedgerKind>().notNull(),
    onDay: date('on_day', { mode: 'string' }).notNull(),
    /** thousandths of a day, signed as it moves the balance */
    amount: integer('amount').notNull(),
    documentId: uuid('document_id'),
    reason: varchar('reason', { length: 1000 }),
    /** a PAID_OUT's number in the worker's year (1 the first); the entry giving it back shares it (0071) */
    payoutNo: smallint('payout_no'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    primaryKey({ name: 'tm_leave_ledger_pkey', columns: [t.tenantId, t.id] }),
    index('tm_leave_ledger_worker_idx').on(t.tenantId, t.workerId, t.year, t.onDay),
  ],
);

export const leaveTables = { tmLeavePolicies, tmLeaveApplications, tmLeaveLedger };
