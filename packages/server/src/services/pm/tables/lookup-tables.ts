import type { Status } from '@hcm/contracts';
import { date, jsonb, pgTable, primaryKey, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, tenantKeyColumns } from '../../../db/tables/columns.ts';

/*
 * The typed mirror of migration 0074 (the payroll lookup tables). The foreign keys (tenant, a
 * version's table) live in the SQL only, the source of truth (a mirror serves queries).
 */

/** A lookup table's value column as stored: [{ code, type, name, nameEn }]. */
export interface StoredColumn {
  readonly code: string;
  readonly type: string;
  readonly name: string;
  readonly nameEn?: string | null;
}

/** A version's row as stored: a band's key is its inclusive upper bound, null for the open last band. */
export interface StoredRow {
  readonly key: string | number | null;
  readonly values: Readonly<Record<string, string | number>>;
}

/** A tenant's lookup tables (code, kind, key type, columns). */
export const payrollLookupTables = pgTable(
  'payroll_lookup_tables',
  {
    ...tenantKeyColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }),
    kind: varchar('kind', { length: 8 }).$type<'keyed' | 'band'>().notNull(),
    keyType: varchar('key_type', { length: 16 }).notNull(),
    columns: jsonb('columns').$type<StoredColumn[]>().notNull(),
    description: varchar('description', { length: 1000 }),
    status: varchar('status', { length: 16 }).$type<Status>().notNull().default('ACTIVE'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'payroll_lookup_tables_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('payroll_lookup_tables_code_key').on(t.tenantId, t.code),
  ],
);

/** A table's versions: its rows in force from a date. */
export const payrollLookupTableVersions = pgTable(
  'payroll_lookup_table_versions',
  {
    ...tenantKeyColumns(),
    tableId: uuid('table_id').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    note: varchar('note', { length: 1000 }),
    rows: jsonb('rows').$type<StoredRow[]>().notNull(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'payroll_lookup_table_versions_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('payroll_lookup_table_versions_date_key').on(t.tenantId, t.tableId, t.effectiveFrom),
  ],
);

export const lookupTableTables = { payrollLookupTables, payrollLookupTableVersions };
