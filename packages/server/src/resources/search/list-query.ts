import { Paging, Status } from '@hcm/contracts';
import { and, asc, desc, eq, getTableName, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ownRows, type ResourceScope } from '../caller.ts';
import { isTextKind, type FieldSpec, type ResourceDefinition } from '../types.ts';
import { rangeParams } from '@hcm/contracts/resource/requests';
import { approvalFilter } from '../approval/approval-filter.ts';

/** What narrows and orders a list: keyword, typed filters, sort, and whether ACTIVE only. */
export interface ListQuery {
  keyword?: string;
  /** each filter's values (any of them matches); a boolean filter's value is true or false */
  filters: Record<string, readonly (string | number | boolean)[]>;
  /** a date filter's bounds, both inclusive (`joinedDateFrom`, `joinedDateTo`) */
  ranges?: Record<string, { from?: string; to?: string }>;
  sortBy?: string;
  activeOnly?: boolean;
  /** the auto-complete's own narrowing (ResourceDeclaration.autoCompleteFilters) */
  where?: SQL;
}

export interface PageRequest {
  pageIndex: number;
  pageSize: number;
  /** keyset paging: a previous page's nextCursor (list-cursor.ts); pageIndex is then only echoed */
  cursor?: string;
  /** answer the next page's cursor (asked by `keyset=true`, or implied by a cursor) */
  keyset?: boolean;
}

/** Reads a validated query string (schemas/record-schemas.ts) into a ListQuery. */
export function listQueryOf(
  definition: ResourceDefinition,
  query: Record<string, unknown>,
  activeOnly = false,
): ListQuery {
  const filters: ListQuery['filters'] = {};
  const ranges: Record<string, { from?: string; to?: string }> = {};
  for (const name of definition.declaration.filters) {
    const value = query[name];
    if (value !== undefined)
      filters[name] = (Array.isArray(value) ? value : [value]) as (string | number | boolean)[];
    if (specOf(definition, name)?.kind !== 'date') continue;
    const bounds = rangeParams(name);
    const from = query[bounds.from];
    const to = query[bounds.to];
    if (typeof from === 'string' || typeof to === 'string')
      ranges[name] = {
        ...(typeof from === 'string' ? { from } : {}),
        ...(typeof to === 'string' ? { to } : {}),
      };
  }
  const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
  // Only the auto-complete (ACTIVE only) takes the resource's own auto-complete parameters.
  const where = activeOnly ? definition.declaration.autoCompleteFilters?.where(query) : undefined;
  return {
    ...(where ? { where } : {}),
    ...(keyword ? { keyword } : {}),
    ...(typeof query.sortBy === 'string' ? { sortBy: query.sortBy } : {}),
    filters,
    ...(Object.keys(ranges).length > 0 ? { ranges } : {}),
    activeOnly,
  };
}

/** A field or a derived column (types.ts DerivedColumn): what a filter or a sort names. */
const specOf = (definition: ResourceDefinition, name: string): FieldSpec | undefined =>
  definition.fields[name] ?? definition.declaration.derived?.[name]?.spec;

/**
 * The SQL a filter or sort reads: the field's column, or a derived column's expression. Typed as
 * SQL for drizzle's overloads (which take one or the other, not the union); at run time they
 * still tell a column (its value encoded as the column stores it) from an expression.
 */
function operandOf(definition: ResourceDefinition, name: string): SQL {
  const derived = definition.declaration.derived?.[name];
  return derived ? sql`(${derived.sql})` : (definition.column(name) as PgColumn as unknown as SQL);
}

/** The derived columns as a select adds them (a date as yyyy-MM-dd, as stored dates are answered). */
export function derivedSelection(definition: ResourceDefinition): Record<string, SQL.Aliased> {
  return Object.fromEntries(
    Object.entries(definition.declaration.derived ?? {}).map(([name, column]) => [
      name,
      column.spec.kind === 'date'
        ? sql`to_char((${column.sql}), 'YYYY-MM-DD')`.as(name)
        : sql`(${column.sql})`.as(name),
    ]),
  );
}

/** Whether `sortBy` (`field.asc`) sorts by a derived column. */
export const sortsByDerived = (definition: ResourceDefinition, sortBy: string | undefined): boolean =>
  sortBy !== undefined && definition.declaration.derived?.[sortBy.split('.')[0] ?? ''] !== undefined;

export function pageOf(query: Record<string, unknown>): PageRequest {
  return {
    pageIndex: typeof query.pageIndex === 'number' ? query.pageIndex : Paging.defaultPageIndex,
    pageSize: typeof query.pageSize === 'number' ? query.pageSize : Paging.defaultPageSize,
    ...(typeof query.cursor === 'string' ? { cursor: query.cursor, keyset: true } : {}),
    ...(query.keyset === true ? { keyset: true } : {}),
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
  const conditions: (SQL | undefined)[] = [ownRows(definition, scope)];
  if (query.keyword) conditions.push(keywordCondition(definition, likePattern(query.keyword)));
  for (const [name, values] of Object.entries(query.filters)) {
    if (name === definition.approval?.statusField) {
      conditions.push(approvalFilter(definition, scope, values.map(String)));
      continue;
    }
    const column = operandOf(definition, name);
    if (isTextKind(specOf(definition, name)?.kind))
      conditions.push(
        inArray(
          sql`lower(${column})`,
          values.map((v) => String(v).toLowerCase()),
        ),
      );
    else conditions.push(values.length === 1 ? eq(column, values[0]) : inArray(column, [...values]));
  }
  for (const [name, { from, to }] of Object.entries(query.ranges ?? {})) {
    const operand = operandOf(definition, name);
    if (from !== undefined) conditions.push(gte(operand, from));
    if (to !== undefined) conditions.push(lte(operand, to));
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
  const column = operandOf(definition, field ?? defaultSort.field);
  // a derived column is empty for some rows (no contract): those last either way
  const order = direction === 'desc' ? desc(column) : asc(column);
  const nullsLast = definition.declaration.derived?.[field ?? ''] ? sql`${order} nulls last` : order;
  return [nullsLast, asc(definition.columns.id)];
}
