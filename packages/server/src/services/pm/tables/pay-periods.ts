import type { ApprovalStatus } from '@hcm/contracts/approvals';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, tenantKeyColumns } from '../../../db/tables/columns.ts';

/** Where a sheet's computation stands (docs/payroll-periods.md, "States"). */
export const PayPeriodComputeStatuses = [
  'DRAFT',
  'COMPUTING',
  'COMPUTED',
  'COMPUTED_WITH_ERRORS',
  'INTERRUPTED',
] as const;
export type PayPeriodComputeStatus = (typeof PayPeriodComputeStatuses)[number];

export const PayPeriodKinds = ['REGULAR', 'FINALISATION'] as const;
export type PayPeriodKind = (typeof PayPeriodKinds)[number];

export const PayPeriodWorkerStatuses = ['PENDING', 'OK', 'FAILED'] as const;
export type PayPeriodWorkerStatus = (typeof PayPeriodWorkerStatuses)[number];

/** The typed mirror of migration 0075's pay_periods: one payroll sheet of a salary period. */
export const payPeriods = pgTable(
  'pay_periods',
  {
    ...tenantKeyColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    salaryPeriodId: uuid('salary_period_id').notNull(),
    /** the salary period's month (its first day): the lines' partition; written by 0075's trigger */
    periodMonth: date('period_month', { mode: 'string' }),
    templateId: uuid('template_id'),
    includeSubUnits: boolean('include_sub_units').notNull().default(true),
    kind: varchar('kind', { length: 16 }).$type<PayPeriodKind>().notNull().default('REGULAR'),
    sourceId: uuid('source_id'),
    description: varchar('description', { length: 1000 }),
    computeStatus: varchar('compute_status', { length: 24 })
      .$type<PayPeriodComputeStatus>()
      .notNull()
      .default('DRAFT'),
    computeJobId: varchar('compute_job_id', { length: 36 }),
    templateVersion: integer('template_version'),
    /** a digest of the template's and its components' versions as compiled (not in the contract) */
    templateFingerprint: varchar('template_fingerprint', { length: 64 }),
    workersTotal: integer('workers_total').notNull().default(0),
    workersDone: integer('workers_done').notNull().default(0),
    workersFailed: integer('workers_failed').notNull().default(0),
    computeStartedAt: timestamp('compute_started_at', { withTimezone: true, mode: 'string' }),
    computedAt: timestamp('computed_at', { withTimezone: true, mode: 'string' }),
    computeError: varchar('compute_error', { length: 1000 }),
    approvalStatus: varchar('approval_status', { length: 16 })
      .$type<ApprovalStatus>()
      .notNull()
      .default('NEW'),
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'string' }),
    lockedBy: uuid('locked_by'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'pay_periods_pkey', columns: [t.tenantId, t.id] }),
    index('pay_periods_salary_period_idx').on(t.tenantId, t.salaryPeriodId),
    index('pay_periods_template_idx').on(t.tenantId, t.templateId),
  ],
);

/** The units a sheet covers (a references list). */
export const payPeriodUnits = pgTable(
  'pay_period_units',
  {
    tenantId: uuid('tenant_id').notNull(),
    payPeriodId: uuid('pay_period_id').notNull(),
    organizationUnitId: uuid('organization_unit_id').notNull(),
    ordinal: smallint('ordinal').notNull(),
  },
  (t) => [
    primaryKey({ name: 'pay_period_units_pkey', columns: [t.tenantId, t.payPeriodId, t.organizationUnitId] }),
  ],
);

/** Who a computation covered, and why a worker failed. */
export const payPeriodWorkers = pgTable(
  'pay_period_workers',
  {
    tenantId: uuid('tenant_id').notNull(),
    payPeriodId: uuid('pay_period_id').notNull(),
    workerId: uuid('worker_id').notNull(),
    organizationUnitId: uuid('organization_unit_id'),
    unitCode: varchar('unit_code', { length: 50 }).notNull().default(''),
    unitName: varchar('unit_name', { length: 200 }).notNull().default(''),
    workerCode: varchar('worker_code', { length: 50 }).notNull(),
    fullName: varchar('full_name', { length: 200 }).notNull(),
    status: varchar('status', { length: 8 }).$type<PayPeriodWorkerStatus>().notNull().default('PENDING'),
    errorComponent: varchar('error_component', { length: 50 }),
    errorCode: varchar('error_code', { length: 64 }),
    errorVi: varchar('error_vi', { length: 1000 }),
    errorEn: varchar('error_en', { length: 1000 }),
    errorParams: jsonb('error_params').$type<Record<string, string>>(),
    solvedGross: bigint('solved_gross', { mode: 'number' }),
    computedAt: timestamp('computed_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    primaryKey({ name: 'pay_period_workers_pkey', columns: [t.tenantId, t.payPeriodId, t.workerId] }),
    index('pay_period_workers_order_idx').on(t.tenantId, t.payPeriodId, t.unitCode, t.workerCode, t.workerId),
    index('pay_period_workers_worker_idx').on(t.tenantId, t.workerId),
  ],
);

/** An INPUT component's value HR typed for one worker of one sheet. */
export const payPeriodInputs = pgTable(
  'pay_period_inputs',
  {
    tenantId: uuid('tenant_id').notNull(),
    payPeriodId: uuid('pay_period_id').notNull(),
    workerId: uuid('worker_id').notNull(),
    componentCode: varchar('component_code', { length: 50 }).notNull(),
    value: varchar('value', { length: 200 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [
    primaryKey({
      name: 'pay_period_inputs_pkey',
      columns: [t.tenantId, t.payPeriodId, t.workerId, t.componentCode],
    }),
  ],
);

export const payPeriodTables = { payPeriods, payPeriodUnits, payPeriodWorkers, payPeriodInputs };
