import type {
  RoundingModeChoice,
  SalaryComponentCategory,
  SalaryComponentSource,
  SalaryValueType,
} from '@hcm/contracts/salary-components';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, statusColumn, tenantKeyColumns } from '../../../db/tables/columns.ts';

/** The typed mirror of migration 0073's salary_components (docs/payroll-templates.md). */
export const salaryComponents = pgTable(
  'salary_components',
  {
    ...tenantKeyColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }),
    valueType: varchar('value_type', { length: 16 }).$type<SalaryValueType>().notNull().default('MONEY'),
    source: varchar('source', { length: 16 }).$type<SalaryComponentSource>().notNull().default('INPUT'),
    formula: varchar('formula', { length: 4000 }),
    category: varchar('category', { length: 32 })
      .$type<SalaryComponentCategory>()
      .notNull()
      .default('EARNING'),
    taxable: boolean('taxable').notNull().default(false),
    insurable: boolean('insurable').notNull().default(false),
    roundingMode: varchar('rounding_mode', { length: 16 })
      .$type<RoundingModeChoice>()
      .notNull()
      .default('NONE'),
    roundingDigits: smallint('rounding_digits').notNull().default(0),
    description: varchar('description', { length: 1000 }),
    ...statusColumn(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'salary_components_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('salary_components_code_key').on(t.tenantId, sql`lower(${t.code})`),
    index('salary_components_status_idx').on(t.tenantId, t.status, t.code),
  ],
);

export const salaryComponentTables = { salaryComponents };
