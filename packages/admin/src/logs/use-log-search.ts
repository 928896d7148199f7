import { useEffect, useState } from 'react';
import type { PageEnvelope } from '@hcm/contracts';

/**
 * One page of a log for `filters` (kept stable with useMemo by the caller): loading until the
 * server answers the current filters; a failure shows an empty page (the shared client has
 * told the user).
 */
export function useLogSearch<F, T>(filters: F, search: (filters: F) => Promise<PageEnvelope<T>>) {
  const [answer, setAnswer] = useState<{ for: F; rows: T[]; total: number; totalCapped: boolean }>();
  useEffect(() => {
    let current = true;
    search(filters)
      .then(
        (page) =>
          current &&
          setAnswer({
            for: filters,
            rows: page.data,
            total: page.page.total,
            // a log of a large tenant is not counted whole: "more than 10,000" (docs/lists.md)
            totalCapped: page.page.totalCapped === true,
          }),
      )
      .catch(() => current && setAnswer({ for: filters, rows: [], total: 0, totalCapped: false }));
    return () => {
      current = false;
    };
  }, [filters, search]);
  return {
    loading: answer?.for !== filters,
    rows: answer?.rows ?? [],
    total: answer?.total ?? 0,
    totalCapped: answer?.totalCapped ?? false,
  };
}
