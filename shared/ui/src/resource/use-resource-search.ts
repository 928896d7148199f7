import { useCallback, useEffect, useState } from 'react';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { resourceApi, type ResourceRecord } from './resource-api.ts';

export interface SearchState {
  rows: ResourceRecord[];
  total: number;
  loading: boolean;
  reload: () => void;
}

/**
 * The list's page of records for the query's parameters. Loading until the answer to the current
 * parameters (and reload round) arrives; an answer to an older query is dropped.
 */
export function useResourceSearch(
  contract: AnyResourceContract,
  params: Record<string, unknown>,
): SearchState {
  const [round, setRound] = useState(0);
  const paramsKey = JSON.stringify(params);
  const key = `${contract.apiPath}#${round}#${paramsKey}`;
  const [answer, setAnswer] = useState<{ key: string; rows: ResourceRecord[]; total: number } | null>(null);
  useEffect(() => {
    let alive = true;
    const query = JSON.parse(paramsKey) as Record<string, unknown>;
    resourceApi(contract)
      .search(query)
      .then((page) => alive && setAnswer({ key, rows: page.data, total: page.page.total }))
      .catch(() => alive && setAnswer({ key, rows: [], total: 0 }));
    return () => {
      alive = false;
    };
  }, [contract, key, paramsKey]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return {
    // the previous rows stay while the next page loads (no flash of "no data")
    rows: answer?.rows ?? [],
    total: answer?.total ?? 0,
    loading: answer?.key !== key,
    reload,
  };
}
