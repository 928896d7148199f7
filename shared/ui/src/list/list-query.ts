import { FieldLimits, Paging } from '@hcm/contracts';

/**
 * A list screen's query (core §2): keyword, page, page size, sort, and the screen's own filters.
 * It lives in the URL as ONE parameter (`?q=<JSON>`), and the last one per path in sessionStorage.
 */
export interface ListQuery {
  keyword?: string;
  pageIndex: number;
  pageSize: number;
  /** `field.asc` or `field.desc` */
  sortBy?: string;
  [filter: string]: unknown;
}

export const LIST_QUERY_PARAM = 'q';
/** sessionStorage key of the last query per path ({ [path]: serialized query }). */
export const LAST_QUERIES_KEY = 'hcm.lastQueries';
export const KEYWORD_MAX_LENGTH = FieldLimits.search;
export const PAGE_SIZE_OPTIONS: readonly number[] = Paging.sizeOptions;

export const DEFAULT_LIST_QUERY: ListQuery = {
  pageIndex: Paging.defaultPageIndex,
  pageSize: Paging.defaultPageSize,
};

const SORT = /^([A-Za-z_][\w.]*)\.(asc|desc)$/;

export type SortDirection = 'asc' | 'desc';

/** 'name.asc' -> { field: 'name', direction: 'asc' }; anything else -> null. */
export function parseSortBy(sortBy: string | undefined): { field: string; direction: SortDirection } | null {
  const match = sortBy ? SORT.exec(sortBy) : null;
  return match ? { field: match[1] ?? '', direction: match[2] as SortDirection } : null;
}

/** A header click: another field sorts ascending; the same field flips direction. */
export function toggleSortBy(sortBy: string | undefined, field: string): string {
  const current = parseSortBy(sortBy);
  return current?.field === field && current.direction === 'asc' ? `${field}.desc` : `${field}.asc`;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Drops empty filters and normalizes page, size, keyword and sort; an invalid page, size or sort
 * falls back to the default.
 */
export function normalizeListQuery(
  raw: Record<string, unknown>,
  defaults: ListQuery = DEFAULT_LIST_QUERY,
): ListQuery {
  // Filters come from `raw` alone: a default filter the user cleared stays cleared.
  const query: ListQuery = { pageIndex: defaults.pageIndex, pageSize: defaults.pageSize };
  for (const [key, value] of Object.entries(raw)) if (!isEmpty(value)) query[key] = value;
  const pageIndex = Number(raw.pageIndex);
  query.pageIndex = Number.isInteger(pageIndex) && pageIndex >= 1 ? pageIndex : defaults.pageIndex;
  const pageSize = Number(raw.pageSize);
  query.pageSize =
    Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= Paging.maxPageSize
      ? pageSize
      : defaults.pageSize;
  if (typeof query.keyword === 'string') {
    const keyword = query.keyword.slice(0, KEYWORD_MAX_LENGTH);
    if (keyword.trim() === '') delete query.keyword;
    else query.keyword = keyword;
  } else delete query.keyword;
  if (typeof query.sortBy !== 'string' || !parseSortBy(query.sortBy)) {
    if (defaults.sortBy) query.sortBy = defaults.sortBy;
    else delete query.sortBy;
  }
  return query;
}

/**
 * The `q` parameter's value: the fields that differ from the defaults, as JSON; '' when none do
 * (the URL then carries no `q`).
 */
export function serializeListQuery(query: ListQuery, defaults: ListQuery = DEFAULT_LIST_QUERY): string {
  const normalized = normalizeListQuery(query, defaults);
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(normalized)) {
    if (JSON.stringify(value) !== JSON.stringify(defaults[key])) changed[key] = value;
  }
  for (const key of Object.keys(defaults)) if (!(key in normalized)) changed[key] = null;
  return Object.keys(changed).length ? JSON.stringify(changed) : '';
}

/** Reads a `q` value back; unreadable text gives the defaults. */
export function parseListQuery(
  text: string | null | undefined,
  defaults: ListQuery = DEFAULT_LIST_QUERY,
): ListQuery {
  if (!text) return { ...defaults };
  try {
    const raw: unknown = JSON.parse(text);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ...defaults };
    return normalizeListQuery({ ...defaults, ...(raw as Record<string, unknown>) }, defaults);
  } catch {
    return { ...defaults };
  }
}

/** The query as API parameters: empty values dropped (pageIndex, pageSize always present). */
export function listQueryParams(query: ListQuery): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => !isEmpty(value)));
}

/** The last queries per path, from sessionStorage. */
export function readLastQueries(storage: Storage): Record<string, string> {
  try {
    const value: unknown = JSON.parse(storage.getItem(LAST_QUERIES_KEY) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rememberLastQuery(storage: Storage, path: string, serialized: string): void {
  const all = readLastQueries(storage);
  all[path] = serialized;
  try {
    storage.setItem(LAST_QUERIES_KEY, JSON.stringify(all));
  } catch {
    // storage full or refused: the URL still carries the query
  }
}
