import { inArray } from 'drizzle-orm';
import { listOf } from '../search/repeated-param.ts';
import { listQueryOf, sortsByDerived, type ListQuery } from '../search/list-query.ts';
import type { ResourceDefinition } from '../types.ts';

/**
 * The query of GET /export (schema: exportQuery): the list's keyword, filters and sort, and
 * `ids`, a selection, when given. The list's pageIndex and pageSize are accepted and ignored:
 * the export streams every matching row (catalogues §7.1 had the page count the rows first and
 * send that as pageSize; streaming in keyset pages makes the count unnecessary).
 */
export function exportQueryOf(definition: ResourceDefinition, query: Record<string, unknown>): ListQuery {
  const { sortBy, ...rest } = listQueryOf(definition, query);
  // the export's keyset pages step through a stored column: a derived sort (a worker's contract
  // expiry) exports in the default order, the same rows
  const list: ListQuery =
    sortsByDerived(definition, sortBy) || sortBy === undefined ? rest : { ...rest, sortBy };
  const ids = listOf(query.ids);
  return ids.length > 0 ? { ...list, where: inArray(definition.columns.id, ids) } : list;
}
