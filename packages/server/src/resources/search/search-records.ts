import { Paging } from '@hcm/contracts';
import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
  type SQL,
} from 'drizzle-orm';
import { unionAll, type PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/database.ts';
import type { ResourceScope } from '../caller.ts';
import { afterPosition, type Position } from '../export/keyset-page.ts';
import type { ListView, ResourceDefinition } from '../types.ts';
import { cursorRefused, decodeCursor, encodeCursor } from './list-cursor.ts';
import {
  derivedSelection,
  orderOf,
  sortsByDerived,
  whereOf,
  type ListQuery,
  type PageRequest,
} from './list-query.ts';

type Row = Record<string, unknown>;

/** The alias of the sort value each keyset page adds, as exact text (removed before answering). */
const KEY = '__list_key';

/** The list's sort as orderOf reads it, and as a cursor names it: `field.direction`. */
function sortOf(definition: ResourceDefinition, sortBy: string | undefined) {
  const { defaultSort } = definition.declaration;
  const [field = defaultSort.field, direction = defaultSort.direction] = sortBy
    ? sortBy.split('.')
    : [defaultSort.field, defaultSort.direction];
  return { name: `${field}.${direction}`, field, descending: direction === 'desc' };
}

/**
 * Whether the list can be keyset paged in this sort: a column of the table. A derived column (a
 * worker's current contract) is computed per row and has no index to seek in, so it pages by
 * OFFSET only.
 */
export const keysetPageable = (definition: ResourceDefinition, sortBy: string | undefined): boolean =>
  !sortsByDerived(definition, sortBy);

/**
 * The statement of one page (exported for the benchmark, which times the same SQL raw): by
 * OFFSET, or after `after` (keyset: the rows that follow that position in the list's order,
 * however deep, read from the sort's index instead of skipped). With `view` (a list row:
 * ListView) it selects that row's columns and derived columns; without, the whole row.
 */
export function pageStatement(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  query: ListQuery,
  page: PageRequest,
  after?: Position,
  view?: ListView,
) {
  const where = whereOf(definition, scope, query);
  const sort = sortOf(definition, query.sortBy);
  const column = keysetPageable(definition, query.sortBy) ? definition.column(sort.field) : undefined;
  const order = () => orderOf(definition, query.sortBy);
  const derived = derivedSelection(definition);
  // the derived columns (a worker's current contract) beside the table's: PostgreSQL evaluates
  // such sub-selects after the sort and limit, for the page's rows, unless a filter or the sort reads them
  // a list row's columns, and the sort's: the keyset's union orders by its own output columns
  const columns = view
    ? { ...(column ? { [sort.field]: column } : {}), ...view.columns }
    : getTableColumns(definition.table);
  const select = (condition: SQL | undefined) =>
    tx
      .select({
        ...columns,
        ...(view ? Object.fromEntries(view.derived.map((name) => [name, derived[name]])) : derived),
        // the sort value as exact text (a timestamp keeps its microseconds) for the next cursor
        ...(column ? { [KEY]: sql<string | null>`${column}::text`.as(KEY) } : {}),
      })
      .from(definition.table)
      .where(condition);
  if (!after || !column)
    return select(where)
      .orderBy(...order())
      .limit(page.pageSize)
      .offset((page.pageIndex - 1) * page.pageSize);
  if (!sort.descending)
    return select(and(where, afterPosition(column, false, definition.columns.id, after)))
      .orderBy(...order())
      .limit(page.pageSize);
  // Descending by the column, ids ascending: not one range of the (tenant_id, column DESC, id)
  // index, so two: the ties after the id, then the values below the key, each read from where it
  // starts (one condition with OR would read every tie before the id, at each page).
  const { ties, below } = descendingAfter(column, definition.columns.id, after);
  return unionAll(
    select(and(where, ties)).orderBy(asc(definition.columns.id)).limit(page.pageSize),
    select(and(where, below))
      .orderBy(...order())
      .limit(page.pageSize),
  )
    .orderBy(...order())
    .limit(page.pageSize);
}

/** The value back in the column's own type: text round-trips exactly. */
const typed = (column: PgColumn, text: string) => sql`cast(${text} as ${sql.raw(column.getSQLType())})`;

/**
 * The two parts of "after `after`" in a descending sort (NULLs first, as PostgreSQL sorts them
 * descending; orderOf keeps that): the rows tied with the key and a later id, and the rows whose
 * value comes after the key (below it, or any value after a NULL key).
 */
function descendingAfter(column: PgColumn, idColumn: PgColumn, after: Position): { ties: SQL; below: SQL } {
  const laterId = gt(idColumn, typed(idColumn, after.id));
  if (after.key === null) return { ties: and(isNull(column), laterId) as SQL, below: isNotNull(column) };
  const key = typed(column, after.key);
  return { ties: and(eq(column, key), laterId) as SQL, below: lt(column, key) };
}

export function countStatement(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  query: ListQuery,
) {
  return tx
    .select({ total: count() })
    .from(definition.table)
    .where(whereOf(definition, scope, query));
}

/**
 * The count of at most `limit` matches: `count(*)` over a sub-select with LIMIT, so the database
 * stops reading at `limit` rows however many match (the exact count of 300,000 contracts reads
 * them all). Exported for the benchmark.
 */
export function cappedCountStatement(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  query: ListQuery,
  limit: number,
) {
  const matches = tx
    .select({ one: sql`1`.as('one') })
    .from(definition.table)
    .where(whereOf(definition, scope, query))
    .limit(limit)
    .as('matches');
  return tx.select({ total: count() }).from(matches);
}

/** One page of a list: its rows, the total (a lower bound when capped) and the next page's cursor. */
export interface FoundPage {
  rows: Row[];
  total: number;
  /** true: more than `total` rows match (the count stopped at its cap) */
  totalCapped: boolean;
  /** absent: not asked (PageRequest.keyset), this page is the last, or the sort cannot be keyset paged */
  nextCursor?: string;
}

/**
 * One page of records and how many match: exact when cheap, capped otherwise. A short page knows
 * the total without counting (the rows before it plus its own, when paged by OFFSET). Else the
 * count stops at Paging.totalCap + 1 rows, or just past the page asked for when that is deeper
 * (its OFFSET already reads that far, and a total below the page would contradict it); beyond
 * that it answers the cap with `totalCapped`. `page.cursor` (keyset) reads the rows after a
 * previous page's end instead of skipping by OFFSET. `view`: the rows as a list carries them
 * (the read routes: definition.listView); without it, whole rows.
 */
export async function searchRecords(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  query: ListQuery,
  page: PageRequest,
  view?: ListView,
): Promise<FoundPage> {
  const sort = sortOf(definition, query.sortBy);
  const keyset = keysetPageable(definition, query.sortBy);
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor, sort.name);
  if (after && !keyset) throw cursorRefused('This sort pages by pageIndex only: it has no cursor');
  const found = (await pageStatement(tx, definition, scope, query, page, after, view)) as Row[];
  const last = found.at(-1);
  const nextCursor =
    page.keyset && keyset && last && found.length === page.pageSize
      ? encodeCursor(sort.name, { key: (last[KEY] as string | null) ?? null, id: String(last.id) })
      : undefined;
  const rows = found.map(({ [KEY]: _key, ...row }) => row);
  const pageInfo = (total: number, totalCapped: boolean): FoundPage => ({
    rows,
    total,
    totalCapped,
    ...(nextCursor ? { nextCursor } : {}),
  });
  const skipped = after ? undefined : (page.pageIndex - 1) * page.pageSize;
  // A short page by OFFSET is the end of the list (an empty one past it says nothing: count).
  if (skipped !== undefined && rows.length < page.pageSize && (rows.length > 0 || skipped === 0))
    return pageInfo(skipped + rows.length, false);
  const cap = Math.max(Paging.totalCap, (skipped ?? 0) + rows.length);
  const counted = await countRecordsUpTo(tx, definition, scope, query, cap + 1);
  return counted > cap ? pageInfo(cap, true) : pageInfo(counted, false);
}

/** How many records match, counting at most `limit`. */
export async function countRecordsUpTo(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  query: ListQuery,
  limit: number,
): Promise<number> {
  const [result] = await cappedCountStatement(tx, definition, scope, query, limit);
  return Number(result?.total ?? 0);
}

/** How many records match, exactly (GET /count: the caller asked for the number itself). */
export async function countRecords(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  query: ListQuery,
): Promise<number> {
  const [result] = await countStatement(tx, definition, scope, query);
  return Number(result?.total ?? 0);
}

/**
 * The records of `ids` that the caller may see (others are simply absent): whole rows, or with
 * `view` the columns of a list row (its derived columns left out: a name looked up needs none).
 */
export async function findRecordsByIds(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  ids: readonly string[],
  view?: ListView,
): Promise<Row[]> {
  const { columns } = definition;
  return (await tx
    .select(view ? view.columns : getTableColumns(definition.table))
    .from(definition.table)
    .where(and(whereOf(definition, scope, { filters: {} }), inArray(columns.id, [...new Set(ids)])))
    .orderBy(...orderOf(definition, undefined))) as Row[];
}
