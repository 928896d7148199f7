import { Paging, Status } from '@hcm/contracts';
import { and, asc, desc, eq, getTableName, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ownRows, type ResourceScope } from '../caller.ts';
import { isTextKind, type ResourceDefinition } from '../types.ts';
import { approvalFilter } from '../approval/approval-filter.ts';

/** What narrows and orders a list: keyword, typed filters, sort, and whether ACTIVE only. */
export interface ListQuery {
  keyword?: string;
  filters: Record<string, readonly (string | number)[]>;
  sortBy?: string;
  activeOnly?: boolean;
  /** the auto-complete's own narrowing (ResourceDeclaration.autoCompleteFilters) */
  where?: SQL;
}

export interface PageRequest {
  pageIndex: number;
  pageSize: number;
}

/** Reads a validated query string (schemas/record-schemas.ts) into a ListQuery. */
export function listQueryOf(
  definition: ResourceDefinition,
  query: Record<string, unknown>,
  activeOnly = false,
): ListQuery {
  const filters: Record<string, readonly (string | number)[]> = {};
  for (const name of definition.declaration.filters) {
    const value = query[name];
    if (value === undefined) continue;
    filters[name] = (Array.isArray(value) ? value : [value]) as (string | number)[];
  }
  const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
  // Only the auto-complete (ACTIVE only) takes the resource's own auto-complete parameters.
  const where = activeOnly ? definition.declaration.autoCompleteFilters?.where(query) : undefined;
  return {
    ...(where ? { where } : {}),
    ...(keyword ? { keyword } : {}),
    ...(typeof query.sortBy === 'string' ? { sortBy: query.sortBy } : {}),
    filters,
    activeOnly,
  };
}

export function pageOf(query: Record<string, unknown>): PageRequest {
  return {
    pageIndex: typeof query.pageIndex === 'number' ? query.pageIndex : Paging.defaultPageIndex,
    pageSize: typeof query.pageSize === 'number' ? query.pageSize : Paging.defaultPageSize,
  };
}

/** `%`, `_` and `\` match themselves in the keyword (ILIKE's escape character is `\`). */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `pattern` in any search field. On a tenant resource the trigram index finds the matches
 * through hcm_keyword_matches (migration 0006): under row-level security a plain ILIKE cannot
 * use an index and would read every row of the tenant. System resources are global tables
 * without row-level security, where ILIKE uses their indexes directly. A resource with a folded
 * search column (workers) is matched there, the keyword folded alike: accents and case ignored.
 */
function keywordCondition(definition: ResourceDefinition, pattern: string): SQL | undefined {
  const names = definition.declaration.search;
  const folded = definition.declaration.foldedSearch;
  if (folded && definition.scope === 'tenant')
    return sql`${definition.columns.id} in (select hcm_keyword_matches(${getTableName(definition.table)}::regclass, array[${definition.column(folded).name}]::text[], hcm_fold(${pattern})))`;
  if (definition.scope === 'tenant') {
    const columns = names.map((name) => definition.column(name).name);
    return sql`${definition.columns.id} in (select hcm_keyword_matches(${getTableName(definition.table)}::regclass, ${sql.param(columns)}::text[], ${pattern}))`;
  }
  return or(...names.map((name) => ilike(definition.column(name), pattern)));
}

/**
 * The WHERE of a list. The tenant condition is explicit although row-level security already
 * confines the rows: it is the application's own check, and it lets the planner use the
 * tenant-leading indexes.
 */
export function whereOf(definition: ResourceDefinition, scope: ResourceScope, query: ListQuery): SQL {
  const { fields } = definition;
  const conditions: (SQL | undefined)[] = [ownRows(definition, scope)];
  if (query.keyword) conditions.push(keywordCondition(definition, likePattern(query.keyword)));
  for (const [name, values] of Object.entries(query.filters)) {
    if (name === definition.approval?.statusField) {
      conditions.push(approvalFilter(definition, scope, values));
      continue;
    }
    const column = definition.column(name);
    if (isTextKind(fields[name]?.kind))
      conditions.push(
        inArray(
          sql`lower(${column})`,
          values.map((v) => String(v).toLowerCase()),
        ),
      );
    else conditions.push(values.length === 1 ? eq(column, values[0]) : inArray(column, [...values]));
  }
  if (query.where) conditions.push(query.where);
  if (query.activeOnly && definition.statusField)
    conditions.push(eq(definition.column(definition.statusField), Status.active));
  return and(...conditions) ?? sql`true`;
}

/** ORDER BY: the requested or default sort, then id so that pages never overlap. */
export function orderOf(definition: ResourceDefinition, sortBy: string | undefined): SQL[] {
  const { defaultSort } = definition.declaration;
  const [field, direction] = sortBy ? sortBy.split('.') : [defaultSort.field, defaultSort.direction];
  const column = definition.column(field ?? defaultSort.field);
  return [direction === 'desc' ? desc(column) : asc(column), asc(definition.columns.id)];
}
