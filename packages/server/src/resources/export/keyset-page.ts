import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/database.ts';
import type { ResourceScope } from '../caller.ts';
import { orderOf, whereOf, type ListQuery } from '../search/list-query.ts';
import type { ResourceDefinition } from '../types.ts';

/** Where the previous page ended: the last row's sort value (as text, exact) and id. */
export interface Position {
  key: string | null;
  id: string;
}

/** A page of rows and where it ended (undefined when the page was empty). */
export interface Page<Row> {
  rows: Row[];
  last: Position | undefined;
}

/** Names of the two columns each page adds for the next page's position. */
const KEY = '__keyset_key';
/** The alias of each row's id in a page (export-records.ts reads a row's lists by it). */
export const KEYSET_ID = '__keyset_id';
const ID = KEYSET_ID;

/** The list's sort as orderOf reads it: the requested or default field, and its direction. */
function sortOf(definition: ResourceDefinition, sortBy: string | undefined) {
  const { defaultSort } = definition.declaration;
  const [field, direction] = sortBy ? sortBy.split('.') : [defaultSort.field, defaultSort.direction];
  return { column: definition.column(field ?? defaultSort.field), descending: direction === 'desc' };
}

/** The value back in the column's own type: text round-trips exactly (timestamps keep microseconds). */
const typed = (column: PgColumn, text: string) => sql`cast(${text} as ${sql.raw(column.getSQLType())})`;

/**
 * Rows strictly after `after` in orderOf's order: the sort column (ascending puts NULLs last,
 * descending puts them first, PostgreSQL's defaults, which orderOf keeps), then id ascending.
 * Ascending is the row comparison `(column, id) > (key, id)`, which the (tenant_id, column, id)
 * index answers as a range. Descending (id still ascending) cannot be one range; `column <= key`
 * lets a backward scan of the same index start at the key instead of at the top.
 */
export function afterPosition(
  column: PgColumn,
  descending: boolean,
  idColumn: PgColumn,
  after: Position,
): SQL {
  const id = typed(idColumn, after.id);
  const laterId = gt(idColumn, id);
  if (after.key === null)
    return descending
      ? (or(and(isNull(column), laterId), isNotNull(column)) as SQL)
      : (and(isNull(column), laterId) as SQL);
  const key = typed(column, after.key);
  if (!descending) {
    // A NULL never compares greater, so the NULLs (last) are added back on a nullable column.
    const later = sql`(${column}, ${idColumn}) > (${key}, ${id})`;
    return column.notNull ? later : (or(later, isNull(column)) as SQL);
  }
  // The NULLs came first: none is left after a value.
  return and(lte(column, key), or(lt(column, key), and(eq(column, key), laterId))) as SQL;
}

/**
 * One page of the export: `select` (the export columns) of the rows of `query` after `after`,
 * in the list's order, at most `size` rows. Each page is its own short statement, so nothing
 * is held open between pages; rows written meanwhile may or may not appear (README,
 * "Slow clients and exports").
 */
export async function readPage<Row extends Record<string, unknown>>(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  query: ListQuery,
  select: SQL,
  after: Position | undefined,
  size: number,
): Promise<Page<Row>> {
  const { column, descending } = sortOf(definition, query.sortBy);
  const idColumn = definition.columns.id;
  const where = whereOf(definition, scope, query);
  const statement = sql`select ${select}, ${column}::text as ${sql.identifier(KEY)}, ${idColumn}::text as ${sql.identifier(ID)}
    from ${definition.table}
    where ${after ? sql`${where} and ${afterPosition(column, descending, idColumn, after)}` : where}
    order by ${sql.join(orderOf(definition, query.sortBy), sql`, `)}
    limit ${sql.raw(String(size))}`;
  const result = (await tx.execute(statement)) as unknown as { rows: (Row & Record<string, unknown>)[] };
  const end = result.rows.at(-1);
  return {
    rows: result.rows,
    last: end ? { key: (end[KEY] as string | null) ?? null, id: String(end[ID]) } : undefined,
  };
}
