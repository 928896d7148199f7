import { and, eq } from 'drizzle-orm';
import { getTableConfig, pgSchema, text } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveServerPaths } from '../paths.ts';
import { testEngines } from '../testing/engines.ts';
import { migratedDatabaseDuringSuite } from '../testing/migrated-database.ts';
import type { Database } from './database.ts';
import { payrollTables } from '../services/payroll/tables/index.ts';
import { tmTables } from '../services/tm/tables/index.ts';
import { schema } from './schema.ts';

/** The engine's tables and the tables modules own (services/<module>/tables). */
const described = { ...schema, ...tmTables, ...payrollTables };

/** PostgreSQL's own description of the tables, read through drizzle like any other table. */
const columns = pgSchema('information_schema').table('columns', {
  tableSchema: text('table_schema').notNull(),
  tableName: text('table_name').notNull(),
  columnName: text('column_name').notNull(),
  isNullable: text('is_nullable').notNull(),
});

describe.each(await testEngines('both'))(
  'the drizzle schema matches the migrated tables on $engine',
  ({ engine }) => {
    const database = migratedDatabaseDuringSuite(engine);
    let db: Database;

    beforeAll(async () => {
      db = database();
      // Running the migrations again finds nothing to do.
      await db.migrate(resolveServerPaths().migrationsDir);
    });

    it('describes every table the migrations create', async () => {
      const tables = pgSchema('information_schema').table('tables', {
        tableSchema: text('table_schema').notNull(),
        tableName: text('table_name').notNull(),
        tableType: text('table_type').notNull(),
      });
      const migrated = await db.orm
        .select({ name: tables.tableName })
        .from(tables)
        .where(and(eq(tables.tableSchema, 'public'), eq(tables.tableType, 'BASE TABLE')));
      // a month partition (bulk path, migration 0050) is its parent's rows, described by the parent
      const partitions = await db.raw(
        'SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid',
      );
      const partitionNames = new Set(partitions.rows.map((row) => String(row.name)));
      const names = Object.values(described).map((table) => getTableConfig(table).name);
      expect(
        migrated
          .map((t) => t.name)
          .filter((name) => !partitionNames.has(name))
          .sort(),
      ).toEqual([...names].sort());
    });

    it.each(Object.values(described).map((table) => [getTableConfig(table).name, table] as const))(
      '%s',
      async (name, table) => {
        const rows = await db.orm
          .select({ name: columns.columnName, nullable: columns.isNullable })
          .from(columns)
          .where(and(eq(columns.tableSchema, 'public'), eq(columns.tableName, name)));
        const actual = Object.fromEntries(rows.map((r) => [r.name, r.nullable === 'NO']));
        const expected = Object.fromEntries(getTableConfig(table).columns.map((c) => [c.name, c.notNull]));
        expect(actual).toEqual(expected);
      },
    );
  },
);
