import { count, inArray, and, getTableColumns } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import type { ResourceScope } from '../caller.ts';
import type { ResourceDefinition } from '../types.ts';
import { derivedSelection, orderOf, whereOf, type ListQuery, type PageRequest } from './list-query.ts';

type Row = Record<string, unknown>;

/** The statement of one page (exported for the benchmark, which times the same SQL raw). */
export function pageStatement(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  query: ListQuery,
  page: PageRequest,
) {
  // the derived columns (a worker's current contract) beside the table's: PostgreSQL evaluates
  // such sub-selects after the sort and limit, for the page's rows, unless a filter or the sort reads them
  return tx
    .select({ ...getTableColumns(definition.table), ...derivedSelection(definition) })
    .from(definition.table)
    .where(whereOf(definition, scope, query))
    .orderBy(...orderOf(definition, query.sortBy))
    .limit(page.pageSize)
    .offset((page.pageIndex - 1) * page.pageSize);
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

/** One page of records and the total that match. */
export async function searchRecords(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  query: ListQuery,
  page: PageRequest,
): Promise<{ rows: Row[]; total: number }> {
  const rows = (await pageStatement(tx, definition, scope, query, page)) as Row[];
  // A short first page is the whole list: no second statement needed.
  if (page.pageIndex === 1 && rows.length < page.pageSize) return { rows, total: rows.length };
  return { rows, total: await countRecords(tx, definition, scope, query) };
}

export async function countRecords(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  query: ListQuery,
): Promise<number> {
  const [result] = await countStatement(tx, definition, scope, query);
  return Number(result?.total ?? 0);
}

/** The records of `ids` that the caller may see (others are simply absent). */
export async function findRecordsByIds(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  ids: readonly string[],
): Promise<Row[]> {
  const { columns } = definition;
  return (await tx
    .select()
    .from(definition.table)
    .where(and(whereOf(definition, scope, { filters: {} }), inArray(columns.id, [...new Set(ids)])))
    .orderBy(...orderOf(definition, undefined))) as Row[];
}
