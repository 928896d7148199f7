import { useCallback, useEffect, useState } from 'react';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import type { ApiError } from '@hcm/session';
import { resourceApi, type ResourceRecord } from './resource-api.ts';

export interface RecordState {
  record: ResourceRecord | null;
  loading: boolean;
  error: ApiError | null;
  reload: () => void;
}

/** One record read with GET {apiPath}/{id}; no id reads nothing (a create form). */
export function useResourceRecord(contract: AnyResourceContract, id: string | null | undefined): RecordState {
  const [round, setRound] = useState(0);
  const key = id ? `${contract.apiPath}/${id}#${round}` : null;
  const [answer, setAnswer] = useState<{
    key: string;
    record: ResourceRecord | null;
    error: ApiError | null;
  } | null>(null);
  useEffect(() => {
    if (!id || !key) return;
    let alive = true;
    resourceApi(contract)
      .get(id)
      .then((record) => alive && setAnswer({ key, record, error: null }))
      .catch((error: ApiError) => alive && setAnswer({ key, record: null, error }));
    return () => {
      alive = false;
    };
  }, [contract, id, key]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const current = answer?.key === key ? answer : null;
  return {
    record: current?.record ?? null,
    error: current?.error ?? null,
    loading: key !== null && current === null,
    reload,
  };
}
