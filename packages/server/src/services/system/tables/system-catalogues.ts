import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { Status } from '@hcm/contracts';

/**
 * The System categories (migration 0016): global tables without tenant_id, one list for every
 * tenant, kept by system users (the resource scope 'shared': tenant users read, only the system
 * scope writes; row-level security says the same).
 */

const common = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  code: varchar('code', { length: 50 }).notNull(),
  name: varchar('name', { length: 200 }).notNull(),
  description: varchar('description', { length: 1000 }),
  priority: integer('priority').notNull().default(0),
  status: varchar('status', { length: 16 }).$type<Status>().notNull().default('ACTIVE'),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: uuid('created_by'),
  lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
  lastModifiedBy: uuid('last_modified_by'),
});

function coefficientTable<N extends string>(name: N) {
  return pgTable(
    name,
    {
      ...common(),
      /** a decimal string with 3 decimals (numeric(10, 3)), never negative */
      value: numeric('value', { precision: 10, scale: 3 }).notNull(),
    },
    (t) => [
      uniqueIndex(`${name}_code_key`).on(sql`lower(${t.code})`),
      index(`${name}_priority_idx`).on(t.priority, t.id),
    ],
  );
}

export const coefficients = coefficientTable('coefficients');
export const payrollCoefficients = coefficientTable('payroll_coefficients');
export const timeSalaryCoefficients = coefficientTable('time_salary_coefficients');

export const technicalLevels = pgTable(
  'technical_levels',
  {
    ...common(),
    /** bậc 1 to 20 */
    level: integer('level').notNull(),
  },
  (t) => [
    uniqueIndex('technical_levels_code_key').on(sql`lower(${t.code})`),
    index('technical_levels_priority_idx').on(t.priority, t.id),
  ],
);

/** The System categories shared by every tenant. */
export const systemCatalogueTables = {
  coefficients,
  payrollCoefficients,
  timeSalaryCoefficients,
  technicalLevels,
};
