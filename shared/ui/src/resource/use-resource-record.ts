import { useCallback, useEffect, useRef, useState } from 'react';
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
export function useResourceRecord(
  contract: AnyResourceContract,
  id: string | null | undefined,
  onError?: (error: ApiError) => void,
): RecordState {
  const [round, setRound] = useState(0);
  // the latest callback, without reading the record again when the caller passes a new one
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });
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
      .catch((error: ApiError) => {
        if (!alive) return;
        setAnswer({ key, record: null, error });
        onErrorRef.current?.(error);
      });
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
