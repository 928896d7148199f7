import type { ApprovalStatus } from '@hcm/contracts/personnel-changes';
import {
  date,
  numeric,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
  varchar,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import { auditColumns, tenantKeyColumns } from '../../../db/tables/columns.ts';

/*
 * The typed mirror of migration 0034: the shared columns of hcm_create_personnel_change_table
 * said once, each kind's own beside them. The foreign keys live in the SQL only.
 */

const day = (name: string) => date(name, { mode: 'string' });
const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
const coefficient = (name: string) => numeric(name, { precision: 6, scale: 2 });

const sharedColumns = (decisionRequired: boolean) => ({
  ...tenantKeyColumns(),
  workerId: uuid('worker_id').notNull(),
  decisionNumber: decisionRequired
    ? varchar('decision_number', { length: 100 }).notNull()
    : varchar('decision_number', { length: 100 }),
  decisionDate: day('decision_date'),
  effectiveDate: day('effective_date').notNull(),
  approvalStatus: varchar('approval_status', { length: 16 }).$type<ApprovalStatus>().notNull().default('NEW'),
  appliedAt: timestamp('applied_at', { withTimezone: true }),
  reason: varchar('reason', { length: 1000 }),
  ...auditColumns(),
});

/** A personnel-change table: the shared columns and the kind's own. */
const changeTable = <C extends Record<string, PgColumnBuilderBase>>(
  name: string,
  own: C,
  decisionRequired = true,
) =>
  pgTable(name, { ...sharedColumns(decisionRequired), ...own }, (t) => [
    primaryKey({ name: `${name}_pkey`, columns: [t.tenantId, t.id] }),
  ]);

export const displacements = changeTable('displacements', {
  assignmentType: varchar('assignment_type', { length: 16 }).notNull().default('TRANSFER'),
  fromUnitId: uuid('from_unit_id'),
  fromPositionId: uuid('from_position_id'),
  fromJobTitleId: uuid('from_job_title_id'),
  toUnitId: uuid('to_unit_id').notNull(),
  toPositionId: uuid('to_position_id'),
  toJobTitleId: uuid('to_job_title_id'),
});

export const resignations = changeTable('resignations', {
  handoverWorkerId: uuid('handover_worker_id'),
  handoverNote: varchar('handover_note', { length: 1000 }),
});

export const rewards = changeTable('rewards', {
  rewardTypeId: uuid('reward_type_id').notNull(),
  form: varchar('form', { length: 200 }),
  amount: money('amount'),
});

export const disciplines = changeTable('disciplines', {
  disciplineTypeId: uuid('discipline_type_id').notNull(),
  form: varchar('form', { length: 200 }),
  amount: money('amount'),
  expiryDate: day('expiry_date'),
});

export const benefits = changeTable(
  'benefits',
  {
    name: varchar('name', { length: 200 }).notNull(),
    amount: money('amount').notNull(),
  },
  false,
);

export const salaryReviews = changeTable('salary_reviews', {
  fromSalaryGradeId: uuid('from_salary_grade_id'),
  toSalaryGradeId: uuid('to_salary_grade_id'),
  fromCoefficient: coefficient('from_coefficient'),
  toCoefficient: coefficient('to_coefficient'),
  fromSalary: money('from_salary'),
  toSalary: money('to_salary'),
});

export const personnelChangeTables = {
  displacements,
  resignations,
  rewards,
  disciplines,
  benefits,
  salaryReviews,
};
