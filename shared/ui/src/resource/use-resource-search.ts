import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { resourceApi, type ResourceRecord } from './resource-api.ts';

export interface SearchState {
  rows: ResourceRecord[];
  total: number;
  /** page.totalCapped: the server stopped counting; more than `total` rows match */
  totalCapped: boolean;
  loading: boolean;
  reload: () => void;
}

/**
 * The list's page of records for the query's parameters. Loading until the answer to the current
 * parameters (and reload round) arrives; an answer to an older query is dropped.
 *
 * Keyset paging where it can (docs/lists.md): each answer's `nextCursor` is kept for the page
 * after it, so "next" (and "previous" back over pages already seen) reads from where a page
 * ended instead of skipping rows by OFFSET; a page reached otherwise (a jump, a new filter or
 * sort, which make another list) is asked by pageIndex.
 */
export function useResourceSearch(
  contract: AnyResourceContract,
  params: Record<string, unknown>,
): SearchState {
  const [round, setRound] = useState(0);
  /** the cursor that reads each page, by the list's parameters without the page index, and the page */
  const cursors = useRef(new Map<string, string>());
  const paramsKey = JSON.stringify(params);
  const key = `${contract.apiPath}#${round}#${paramsKey}`;
  const [answer, setAnswer] = useState<{
    key: string;
    rows: ResourceRecord[];
    total: number;
    totalCapped: boolean;
  } | null>(null);
  useEffect(() => {
    let alive = true;
    const query = JSON.parse(paramsKey) as Record<string, unknown>;
    const { pageIndex = 1, ...list } = query;
    const listKey = `${contract.apiPath}#${JSON.stringify(list)}`;
    const cursor = cursors.current.get(`${listKey}#${Number(pageIndex)}`);
    resourceApi(contract)
      .search({ ...query, keyset: true, ...(cursor ? { cursor } : {}) })
      .then((page) => {
        if (page.page.nextCursor)
          cursors.current.set(`${listKey}#${Number(pageIndex) + 1}`, page.page.nextCursor);
        return page;
      })
      .then(
        (page) =>
          alive &&
          setAnswer({
            key,
            rows: page.data,
            total: page.page.total,
            totalCapped: page.page.totalCapped === true,
          }),
      )
      .catch(() => alive && setAnswer({ key, rows: [], total: 0, totalCapped: false }));
    return () => {
      alive = false;
    };
  }, [contract, key, paramsKey]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return {
    // the previous rows stay while the next page loads (no flash of "no data")
    rows: answer?.rows ?? [],
    total: answer?.total ?? 0,
    totalCapped: answer?.totalCapped ?? false,
    loading: answer?.key !== key,
    reload,
  };
}
