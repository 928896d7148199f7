import { sql } from 'drizzle-orm';
import { date, index, numeric, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, statusColumn, tenantKeyColumns } from '../../../db/tables/columns.ts';

/* The typed mirror of migration 0020: parameters (its message templates: db/tables/message-templates.ts). */

/** Admin › parameter management: one value per code and effective date. */
export const parameters = pgTable(
  'parameters',
  {
    ...tenantKeyColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    value: numeric('value', { precision: 18, scale: 3 }).notNull(),
    unit: varchar('unit', { length: 20 }),
    effectiveDate: date('effective_date').notNull(),
    description: varchar('description', { length: 1000 }),
    ...statusColumn(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'parameters_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('parameters_code_date_key').on(t.tenantId, sql`lower(${t.code})`, t.effectiveDate),
    index('parameters_effective_idx').on(t.tenantId, t.effectiveDate, t.id),
    index('parameters_code_idx').on(t.tenantId, t.code, t.id),
    index('parameters_name_idx').on(t.tenantId, t.name, t.id),
  ],
);

export const settingTables = { parameters };
