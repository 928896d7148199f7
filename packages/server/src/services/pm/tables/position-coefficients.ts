import {
  date,
  index,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, statusColumn, tenantKeyColumns } from '../../../db/tables/columns.ts';

/*
 * The typed mirror of migration 0023 (position salary coefficients). The foreign keys (tenant,
 * a row's table and grade) live in the SQL only, the source of truth (a mirror serves
 * queries).
 */

/** A table of coefficients in force from its effective date: one per (tenant, date). */
export const positionSalaryCoefficients = pgTable(
  'position_salary_coefficients',
  {
    ...tenantKeyColumns(),
    name: varchar('name', { length: 200 }).notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    baseSalary: numeric('base_salary', { precision: 18, scale: 2 }).notNull(),
    note: varchar('note', { length: 1000 }),
    ...statusColumn(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'position_salary_coefficients_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('position_salary_coefficients_date_key').on(t.tenantId, t.effectiveDate),
  ],
);

/** A grade's row of a table: its coefficient on each step (NULL where the grade has no such step). */
export const positionSalaryCoefficientGrades = pgTable(
  'position_salary_coefficient_grades',
  {
    tenantId: uuid('tenant_id').notNull(),
    positionSalaryCoefficientId: uuid('position_salary_coefficient_id').notNull(),
    position: smallint('position').notNull(),
    salaryGradeId: uuid('salary_grade_id').notNull(),
    coefficient1: numeric('coefficient_1', { precision: 5, scale: 3 }),
    coefficient2: numeric('coefficient_2', { precision: 5, scale: 3 }),
    coefficient3: numeric('coefficient_3', { precision: 5, scale: 3 }),
    coefficient4: numeric('coefficient_4', { precision: 5, scale: 3 }),
    coefficient5: numeric('coefficient_5', { precision: 5, scale: 3 }),
  },
  (t) => [
    primaryKey({
      name: 'position_salary_coefficient_grades_pkey',
      columns: [t.tenantId, t.positionSalaryCoefficientId, t.position],
    }),
    uniqueIndex('position_salary_coefficient_grades_grade_key').on(
      t.tenantId,
      t.positionSalaryCoefficientId,
      t.salaryGradeId,
    ),
    index('position_salary_coefficient_grades_salary_grade_idx').on(t.tenantId, t.salaryGradeId),
  ],
);

/** Position salary coefficient tables and their grade rows. */
export const positionCoefficientTables = { positionSalaryCoefficients, positionSalaryCoefficientGrades };
