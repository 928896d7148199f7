import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ListView, ListViewState } from '@hcm/contracts/list-views';
import { LIST_QUERY_PARAM, readLastQueries } from './list-query.ts';
import { listSettingsApi } from './list-settings-api.ts';
import type { ListQueryState } from './use-list-query.ts';

/** Query keys that are not filters: a view keeps keyword and sort apart, and never the page. */
const NOT_FILTERS = new Set(['keyword', 'sortBy', 'pageIndex', 'pageSize']);

export interface ListSettingsOptions {
  /** the list's key on the server: its resource's service/path ('om/workers') */
  listKey: string;
  /** the columns shown when the user chose none, in order */
  defaultColumns: readonly string[];
  /** every column the chooser offers, in order (defaults first) */
  availableColumns: readonly string[];
  list: ListQueryState;
}

export interface ListSettingsState {
  /** the columns to draw, in the order of availableColumns */
  columns: readonly string[];
  /** true once the user's choice differs from the defaults */
  customized: boolean;
  setColumns: (columns: readonly string[] | null) => void;
  views: readonly ListView[];
  /** the view whose filters, sort, keyword and columns are what the list shows, if any */
  currentView: ListView | null;
  /** what a view saved now would restore */
  currentState: () => ListViewState;
  applyView: (view: ListView) => void;
  /** the server's answer, or its refusal (ApiError) thrown */
  saveView: (name: string, isDefault: boolean) => Promise<ListView>;
  updateView: (id: string, changes: { name?: string; isDefault?: boolean }) => Promise<ListView>;
  deleteView: (id: string) => Promise<void>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The query's filters: every key but keyword, sort and paging. */
export function filtersOf(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([key]) => !NOT_FILTERS.has(key)));
}

/** What a view saved now would restore: the query without its page, and the columns. */
function stateOf(query: Record<string, unknown>, columns: readonly string[]): ListViewState {
  return {
    ...(typeof query.keyword === 'string' && query.keyword ? { keyword: query.keyword } : {}),
    ...(typeof query.sortBy === 'string' && query.sortBy ? { sortBy: query.sortBy } : {}),
    filters: filtersOf(query),
    columns: [...columns],
  };
}

/**
 * A list's columns chosen and saved views, kept per user on the server. The first time a list is
 * opened in a session (no query in the URL, none remembered), its default view is applied.
 */
export function useListSettings({
  listKey,
  defaultColumns,
  availableColumns,
  list,
}: ListSettingsOptions): ListSettingsState {
  const [chosen, setChosen] = useState<readonly string[] | null>(null);
  const [views, setViews] = useState<readonly ListView[]>([]);
  // read during the first render, before useListQuery's effect remembers the query it opened with
  const [openedFresh] = useState(
    () =>
      !new URLSearchParams(window.location.search).has(LIST_QUERY_PARAM) &&
      !readLastQueries(window.sessionStorage)[window.location.pathname],
  );
  const listRef = useRef(list);
  useLayoutEffect(() => {
    listRef.current = list;
  });

  const columns = useMemo(() => {
    const wanted = chosen?.filter((name) => availableColumns.includes(name)) ?? [];
    if (wanted.length === 0) return defaultColumns;
    return availableColumns.filter((name) => wanted.includes(name));
  }, [chosen, availableColumns, defaultColumns]);

  const applyState = useCallback((state: ListViewState) => {
    const current = listRef.current.query;
    const cleared = Object.fromEntries(Object.keys(filtersOf(current)).map((key) => [key, undefined]));
    listRef.current.setQuery({
      ...cleared,
      ...(state.filters ?? {}),
      keyword: state.keyword,
      sortBy: state.sortBy,
      pageIndex: 1,
    });
    if (state.columns) setChosen(state.columns);
  }, []);

  useEffect(() => {
    let live = true;
    listSettingsApi
      .get(listKey)
      .then((settings) => {
        if (!live) return;
        setChosen(settings.columns);
        setViews(settings.views);
        const preferred = settings.views.find((view) => view.isDefault);
        if (openedFresh && preferred) applyState(preferred.state);
      })
      .catch(() => {
        // the list opens with its defaults; the settings are a convenience
      });
    return () => {
      live = false;
    };
  }, [listKey, openedFresh, applyState]);

  const setColumns = useCallback(
    (next: readonly string[] | null) => {
      const normalized = next && !same([...next], [...defaultColumns]) ? [...next] : null;
      setChosen(normalized);
      listSettingsApi.saveColumns(listKey, normalized).catch(() => {
        // the shared client has told the user; the choice holds on this page
      });
    },
    [listKey, defaultColumns],
  );

  const currentState = useCallback(() => stateOf(listRef.current.query, columns), [columns]);

  const currentView = useMemo(() => {
    const now = stateOf(list.query, columns);
    return (
      views.find(
        (view) =>
          same(view.state.filters ?? {}, now.filters) &&
          (view.state.keyword ?? undefined) === now.keyword &&
          (view.state.sortBy === undefined || view.state.sortBy === now.sortBy) &&
          (view.state.columns === undefined || same(view.state.columns, now.columns)),
      ) ?? null
    );
  }, [views, columns, list.query]);

  const replaceView = (saved: ListView) =>
    setViews((all) =>
      [...all.filter((view) => view.id !== saved.id), saved]
        .map((view) => (saved.isDefault && view.id !== saved.id ? { ...view, isDefault: false } : view))
        .sort((a, b) => a.name.localeCompare(b.name, 'vi')),
    );

  return {
    columns,
    customized: chosen !== null && !same([...columns], [...defaultColumns]),
    setColumns,
    views,
    currentView,
    currentState,
    applyView: (view) => applyState(view.state),
    saveView: async (name, isDefault) => {
      const saved = await listSettingsApi.createView(listKey, name, currentState(), isDefault);
      replaceView(saved);
      return saved;
    },
    updateView: async (id, changes) => {
      const saved = await listSettingsApi.updateView(id, changes);
      replaceView(saved);
      return saved;
    },
    deleteView: async (id) => {
      await listSettingsApi.deleteView(id);
      setViews((all) => all.filter((view) => view.id !== id));
    },
  };
}
