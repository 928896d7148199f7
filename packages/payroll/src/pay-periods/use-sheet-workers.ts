import { useCallback, useEffect, useRef, useState } from 'react';
import type { PayPeriodTotals, PayPeriodWorkerRow } from '@hcm/contracts/pay-periods';
import { payPeriodApi, type WorkerFilter } from './pay-period-api.ts';

export interface SheetWorkers {
  readonly rows: readonly PayPeriodWorkerRow[];
  /** the workers the filter lists (the server counts them) */
  readonly total: number;
  readonly totals: PayPeriodTotals | null;
  /** a first page on its way (the table waits), or the next one (it stays) */
  readonly loading: 'first' | 'more' | null;
  readonly failed: unknown;
  readonly hasMore: boolean;
  loadMore(): void;
  /** a worker's row as the server answered it after a change; the totals are read again */
  replaceRow(row: PayPeriodWorkerRow): void;
}

/** The rows of one query (the sheet, the filter, a revision), as far as they were read. */
interface Pages {
  readonly key: string;
  readonly rows: readonly PayPeriodWorkerRow[];
  readonly total: number;
  readonly next: string | null;
  readonly failed: unknown;
}

/**
 * The detailed table's workers: keyset pages of the sheet's workers under the filter (the first
 * page again whenever the sheet, the filter or `revision` changes), appended as the table is
 * scrolled, and each component's total over every worker the filter lists (summed by the server,
 * not over the rows loaded). An answer to an older query is dropped.
 */
export function useSheetWorkers(
  sheetId: string | null,
  filter: WorkerFilter,
  revision: number,
): SheetWorkers {
  const { organizationUnitId, keyword, status } = filter;
  const key = JSON.stringify([sheetId, organizationUnitId ?? null, keyword ?? '', status ?? null, revision]);
  const [pages, setPages] = useState<Pages | null>(null);
  const [totals, setTotals] = useState<{ key: string; totals: PayPeriodTotals | null } | null>(null);
  const [totalsRound, setTotalsRound] = useState(0);
  const [loadingMore, setLoadingMore] = useState<string | null>(null);
  const current = useRef(key);
  useEffect(() => {
    current.current = key;
  }, [key]);

  useEffect(() => {
    if (!sheetId) return;
    payPeriodApi
      .workers(sheetId, { organizationUnitId, keyword, status }, null)
      .then(
        (page): Pages => ({
          key,
          rows: page.data,
          total: page.page.total,
          next: page.page.nextCursor ?? null,
          failed: null,
        }),
        (error: unknown): Pages => ({ key, rows: [], total: 0, next: null, failed: error }),
      )
      .then((answer) => current.current === key && setPages(answer));
  }, [key, sheetId, organizationUnitId, keyword, status]);

  useEffect(() => {
    if (!sheetId) return;
    payPeriodApi
      .totals(sheetId, { organizationUnitId, keyword, status })
      .then(
        (answer) => answer,
        () => null,
      )
      .then((answer) => current.current === key && setTotals({ key, totals: answer }));
  }, [key, sheetId, organizationUnitId, keyword, status, totalsRound]);

  const mine = pages?.key === key ? pages : null;
  const next = mine?.next ?? null;
  const loadMore = useCallback(() => {
    if (!sheetId || !next || loadingMore === key) return;
    setLoadingMore(key);
    payPeriodApi
      .workers(sheetId, { organizationUnitId, keyword, status }, next)
      .then(
        (page) => (before: Pages | null) =>
          before?.key === key
            ? { ...before, rows: [...before.rows, ...page.data], next: page.page.nextCursor ?? null }
            : before,
        (error: unknown) => (before: Pages | null) =>
          before?.key === key ? { ...before, failed: error } : before,
      )
      .then((update) => {
        setPages(update);
        setLoadingMore(null);
      });
  }, [sheetId, next, loadingMore, key, organizationUnitId, keyword, status]);

  const replaceRow = useCallback((row: PayPeriodWorkerRow) => {
    setPages((before) =>
      before
        ? { ...before, rows: before.rows.map((old) => (old.workerId === row.workerId ? row : old)) }
        : before,
    );
    setTotalsRound((n) => n + 1);
  }, []);

  return {
    rows: mine?.rows ?? [],
    total: mine?.total ?? 0,
    totals: totals?.key === key ? totals.totals : null,
    loading: sheetId && !mine ? 'first' : loadingMore === key ? 'more' : null,
    failed: mine?.failed ?? null,
    hasMore: next !== null,
    loadMore,
    replaceRow,
  };
}
