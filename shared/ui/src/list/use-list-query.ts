import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  DEFAULT_LIST_QUERY,
  LIST_QUERY_PARAM,
  KEYWORD_MAX_LENGTH,
  listQueryParams,
  normalizeListQuery,
  parseListQuery,
  readLastQueries,
  rememberLastQuery,
  serializeListQuery,
  toggleSortBy,
  type ListQuery,
} from './list-query.ts';

export interface ListQueryOptions<Q extends ListQuery> {
  /** the screen's defaults: filters, sort (page 1 and size 25 unless given) */
  defaults?: Partial<Q>;
  /** where the last query per path is kept; default sessionStorage */
  storage?: Storage;
}

export interface ListQueryState<Q extends ListQuery = ListQuery> {
  query: Q;
  /** merges `patch`; any change but the page itself goes back to page 1 */
  setQuery: (patch: Partial<Q>) => void;
  setKeyword: (keyword: string) => void;
  setPage: (pageIndex: number, pageSize?: number) => void;
  setSortBy: (sortBy: string | undefined) => void;
  /** a header click: sorts by `field` ascending, or flips its direction */
  toggleSort: (field: string) => void;
  /** back to the defaults */
  reset: () => void;
  /** the query as API parameters, empty values dropped */
  params: Record<string, unknown>;
}

const readUrlQuery = () => new URLSearchParams(window.location.search).get(LIST_QUERY_PARAM);

/** Writes `q` into the current URL (replacing the history entry: typing is not navigation). */
function writeUrlQuery(serialized: string): void {
  const url = new URL(window.location.href);
  if (serialized) url.searchParams.set(LIST_QUERY_PARAM, serialized);
  else url.searchParams.delete(LIST_QUERY_PARAM);
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url.href);
}

/**
 * A list screen's query, kept in the URL as one parameter and remembered per path in the
 * session (core §2): opening a path without `q` restores its last query.
 */
export function useListQuery<Q extends ListQuery = ListQuery>(
  options: ListQueryOptions<Q> = {},
): ListQueryState<Q> {
  const storage = options.storage ?? window.sessionStorage;
  const defaultsKey = JSON.stringify(options.defaults ?? {});
  const defaults = useMemo(
    () => normalizeListQuery({ ...DEFAULT_LIST_QUERY, ...(JSON.parse(defaultsKey) as Partial<Q>) }) as Q,
    [defaultsKey],
  );

  const [query, setState] = useState<Q>(() => {
    const fromUrl = readUrlQuery();
    if (fromUrl !== null) return parseListQuery(fromUrl, defaults) as Q;
    return parseListQuery(readLastQueries(storage)[window.location.pathname], defaults) as Q;
  });

  // URL and session follow the state, also on first render (a restored query appears in the URL).
  useEffect(() => {
    const serialized = serializeListQuery(query, defaults);
    writeUrlQuery(serialized);
    rememberLastQuery(storage, window.location.pathname, serialized);
  }, [query, defaults, storage]);

  // Back and forward between URLs of this path.
  useEffect(() => {
    // single-spa also fires popstate after our own replaceState: keep the state when it is the same.
    const onPopState = () =>
      setState((current) => {
        const next = parseListQuery(readUrlQuery(), defaults) as Q;
        return JSON.stringify(next) === JSON.stringify(current) ? current : next;
      });
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [defaults]);

  const setQuery = useCallback(
    (patch: Partial<Q>) =>
      setState((current) => {
        const next = { ...current, ...patch };
        const changed = Object.keys(patch).filter(
          (key) => JSON.stringify(patch[key]) !== JSON.stringify(current[key]),
        );
        if (changed.some((key) => key !== 'pageIndex') && !('pageIndex' in patch)) next.pageIndex = 1;
        const normalized = normalizeListQuery(next, defaults) as Q;
        return JSON.stringify(normalized) === JSON.stringify(current) ? current : normalized;
      }),
    [defaults],
  );

  return useMemo(
    () => ({
      query,
      setQuery,
      setKeyword: (keyword: string) =>
        setQuery({ keyword: keyword.slice(0, KEYWORD_MAX_LENGTH) } as Partial<Q>),
      setPage: (pageIndex: number, pageSize?: number) =>
        setQuery((pageSize === undefined ? { pageIndex } : { pageIndex, pageSize }) as Partial<Q>),
      setSortBy: (sortBy: string | undefined) => setQuery({ sortBy } as Partial<Q>),
      toggleSort: (field: string) => setQuery({ sortBy: toggleSortBy(query.sortBy, field) } as Partial<Q>),
      reset: () => setState(defaults),
      params: listQueryParams(query),
    }),
    [query, setQuery, defaults],
  );
}
