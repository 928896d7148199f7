import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, categoryColumns, statusColumn, tenantKeyColumns } from '../../../db/tables/columns.ts';

/*
 * The typed mirror of migration 0012 (wage categories). The foreign keys (tenant, a scale's
 * grade) live in the SQL only, the source of truth (a mirror serves
 * queries).
 */

/** The region minimum wages: one per (tenant, region, effective date). */
export const regionWages = pgTable(
  'region_wages',
  {
    ...tenantKeyColumns(),
    region: varchar('region', { length: 4 }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    note: varchar('note', { length: 1000 }),
    ...statusColumn(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'region_wages_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('region_wages_region_date_key').on(t.tenantId, t.region, t.effectiveDate),
    index('region_wages_effective_date_idx').on(t.tenantId, t.effectiveDate, t.id),
  ],
);

/** Salary grades (ngạch): an Admin category. */
export const salaryGrades = pgTable('salary_grades', categoryColumns(), (t) => [
  primaryKey({ name: 'salary_grades_pkey', columns: [t.tenantId, t.id] }),
  uniqueIndex('salary_grades_code_key').on(t.tenantId, sql`lower(${t.code})`),
  index('salary_grades_priority_idx').on(t.tenantId, t.priority, t.id),
]);

/** The steps (bậc) 1 to 5 of a salary grade: one row per (grade, step). */
export const salaryGradeScales = pgTable(
  'salary_grade_scales',
  {
    tenantId: uuid('tenant_id').notNull(),
    salaryGradeId: uuid('salary_grade_id').notNull(),
    scale: varchar('scale', { length: 1 }).notNull(),
  },
  (t) => [primaryKey({ name: 'salary_grade_scales_pkey', columns: [t.tenantId, t.salaryGradeId, t.scale] })],
);

/** Contract types: an Admin category with the salary rate (percent) and the term (months). */
export const contractTypes = pgTable(
  'contract_types',
  {
    ...categoryColumns(),
    salaryRate: numeric('salary_rate', { precision: 5, scale: 2 }).notNull(),
    termMonths: integer('term_months'),
  },
  (t) => [
    primaryKey({ name: 'contract_types_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('contract_types_code_key').on(t.tenantId, sql`lower(${t.code})`),
    index('contract_types_priority_idx').on(t.tenantId, t.priority, t.id),
  ],
);

/** Region wages, salary grades (and their scales), contract types. */
export const wageCategoryTables = { regionWages, salaryGrades, salaryGradeScales, contractTypes };
