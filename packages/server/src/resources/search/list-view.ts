import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/database.ts';
import { presentRow } from '../present.ts';
import {
  AUDIT_FIELDS,
  type FrameworkColumns,
  type ListView,
  type ResourceDeclaration,
  type ResourceDefinition,
} from '../types.ts';
import { attachLists } from '../write/lists.ts';

type Row = Record<string, unknown>;

/**
 * The list row of a declaration (ResourceDeclaration.listFields; absent: the whole record).
 * Throws on a name that is neither a field, a list, a derived column nor an audit column.
 */
export function listViewOf(
  declaration: ResourceDeclaration,
  column: (name: string) => PgColumn,
  framework: FrameworkColumns,
  fail: (problem: string) => never,
): ListView {
  const parts = {
    fields: declaration.fields,
    lists: declaration.lists ?? {},
    derived: declaration.derived ?? {},
  };
  const whole = [
    ...Object.keys(parts.fields),
    ...Object.keys(parts.lists),
    ...Object.keys(parts.derived),
    ...AUDIT_FIELDS,
  ];
  const wanted = declaration.listFields ?? whole;
  for (const name of wanted)
    if (!whole.includes(name)) fail(`listFields names ${name}, which is not a field, list or audit column`);
  const shown = new Set(wanted);
  const fields = whole.filter((name) => shown.has(name));
  const stored = [...Object.keys(parts.fields), ...AUDIT_FIELDS].filter((name) => shown.has(name));
  const columns: Record<string, PgColumn> = { id: framework.id, version: framework.version };
  for (const name of stored)
    columns[name] = (AUDIT_FIELDS as readonly string[]).includes(name)
      ? framework[name as (typeof AUDIT_FIELDS)[number]]
      : column(name);
  return {
    fields,
    columns,
    derived: Object.keys(parts.derived).filter((name) => shown.has(name)),
    lists: Object.keys(parts.lists).filter((name) => shown.has(name)),
    present: (row) => presentRow(parts, row, shown),
  };
}

/**
 * Sets what list rows carry beside their columns, for the whole page at once: the lists among
 * the view's fields, their files' info and their areas' names (never the other child lists).
 */
export function attachListParts<R extends Row>(
  tx: Tx,
  definition: ResourceDefinition,
  rows: R[],
): Promise<R[]> {
  return attachLists(tx, definition, rows, definition.listView.fields);
}

/** List rows as the API answers them (ListView.present). */
export const presentListRows = (definition: ResourceDefinition, rows: readonly Row[]) =>
  rows.map((row) => definition.listView.present(row));
