import { and, eq } from 'drizzle-orm';
import { getTableConfig, pgSchema, text, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.ts';

/*
 * The checks of the drizzle mirrors against the migrated database: the engine's tables
 * (db/schema.test.ts) and the modules' (services/tables.test.ts).
 */

/** PostgreSQL's own description of the tables, read through drizzle like any other table. */
const information = pgSchema('information_schema');
const columns = information.table('columns', {
  tableSchema: text('table_schema').notNull(),
  tableName: text('table_name').notNull(),
  columnName: text('column_name').notNull(),
  isNullable: text('is_nullable').notNull(),
});
const tables = information.table('tables', {
  tableSchema: text('table_schema').notNull(),
  tableName: text('table_name').notNull(),
  tableType: text('table_type').notNull(),
});

/** Mirrors as [SQL name, table] rows, for it.each. */
export const mirrorsByName = (mirrors: Readonly<Record<string, PgTable>>) =>
  Object.values(mirrors).map((table) => [getTableConfig(table).name, table] as const);

/** The SQL names of mirrors, one per mirror (a table mirrored twice is named twice). */
export const mirroredNames = (mirrors: readonly PgTable[]) =>
  mirrors.map((table) => getTableConfig(table).name);

/** A table's columns in the database and in its mirror, each as name → NOT NULL. */
export async function columnsOf(db: Database, name: string, table: PgTable) {
  const rows = await db.orm
    .select({ name: columns.columnName, nullable: columns.isNullable })
    .from(columns)
    .where(and(eq(columns.tableSchema, 'public'), eq(columns.tableName, name)));
  return {
    actual: Object.fromEntries(rows.map((r) => [r.name, r.nullable === 'NO'])),
    expected: Object.fromEntries(getTableConfig(table).columns.map((c) => [c.name, c.notNull])),
  };
}

/** The tables the migrations create, but a month partition (bulk path, migration 0050): its parent describes it. */
export async function migratedTableNames(db: Database): Promise<string[]> {
  const migrated = await db.orm
    .select({ name: tables.tableName })
    .from(tables)
    .where(and(eq(tables.tableSchema, 'public'), eq(tables.tableType, 'BASE TABLE')));
  const partitions = await db.raw(
    'SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid',
  );
  const partitionNames = new Set(partitions.rows.map((row) => String(row.name)));
  return migrated.map((t) => t.name).filter((name) => !partitionNames.has(name));
}
