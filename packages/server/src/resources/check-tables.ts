import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import type { ResourceDefinition } from './types.ts';

interface ColumnRow {
  table_name: string;
  column_name: string;
  is_nullable: 'YES' | 'NO';
}

/**
 * The start-up check of the bindings against the database itself (bindResource already checked
 * them against the drizzle tables and the permission catalogue when the modules loaded): every
 * field's column exists, and a required field's column is NOT NULL; so do the columns of the
 * lists' child tables (a children field's rows). One query for all.
 * Returns the problems, one line each; none means the server may start.
 */
export async function bindingProblems(db: Db, resources: readonly ResourceDefinition[]): Promise<string[]> {
  const listColumns = (resource: ResourceDefinition) =>
    Object.entries(resource.lists).flatMap(([list, spec]) =>
      (spec.columns ?? []).map((stored) => ({ list, ...stored })),
    );
  const tables = [
    ...new Set(
      resources.flatMap((resource) => [
        getTableConfig(resource.table).name,
        ...listColumns(resource).map((stored) => stored.table),
      ]),
    ),
  ];
  const { rows } = (await db.execute(
    sql`select table_name, column_name, is_nullable from information_schema.columns
        where table_schema = current_schema() and table_name = any(${sql.param(tables)}::text[])`,
  )) as unknown as { rows: ColumnRow[] };
  const columns = new Map(rows.map((row) => [`${row.table_name}.${row.column_name}`, row]));
  const problems: string[] = [];
  for (const resource of resources) {
    const table = getTableConfig(resource.table).name;
    for (const [name, field] of Object.entries(resource.fields)) {
      const column = resource.column(name).name;
      const found = columns.get(`${table}.${column}`);
      if (!found)
        problems.push(`${resource.basePath}: the table ${table} has no column ${column} (field ${name})`);
      else if (field.required && found.is_nullable === 'YES')
        problems.push(`${resource.basePath}: field ${name} is required but ${table}.${column} allows NULL`);
    }
    // the child tables of lists (a children field's rows): each item field's column
    for (const stored of listColumns(resource)) {
      const found = columns.get(`${stored.table}.${stored.column}`);
      const what = `${stored.list}.${stored.item}`;
      if (!found)
        problems.push(
          `${resource.basePath}: the table ${stored.table} has no column ${stored.column} (${what})`,
        );
      else if (stored.required && found.is_nullable === 'YES')
        problems.push(
          `${resource.basePath}: ${what} is required but ${stored.table}.${stored.column} allows NULL`,
        );
    }
  }
  return problems;
}

/** Refuses to go on (the server does not start) when a binding disagrees with its table. */
export async function checkBindings(db: Db, resources: readonly ResourceDefinition[]): Promise<void> {
  const problems = await bindingProblems(db, resources);
  if (problems.length > 0)
    throw new Error(`The resources disagree with the database:\n${problems.map((p) => `- ${p}`).join('\n')}`);
}
