import { useEffect, useState } from 'react';
import type { PageInfo } from '@hcm/contracts';
import {
  TimekeepingReportLabels as L,
  TimekeepingReportLimits,
  type LateEarlyWorker,
} from '@hcm/contracts/timekeeping-reports';
import { Button, Spinner, makeStyles, tokens } from '@hcm/ui';
import { ReportTable } from './ReportTable.tsx';
import { ReportPaths, readNames, type ReportQuery } from './reports-api.ts';
import { useReportTexts } from './texts.ts';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/**
 * The workers late or early in the period, most times first, 25 a page: all of them, or those of
 * the group chosen in the frequency table (`kind`, `times`).
 */
export function LateEarlyNames({ query, onAll }: { query: ReportQuery; onAll: () => void }) {
  const styles = useStyles();
  const { text, label } = useReportTexts();
  const key = JSON.stringify(query);
  // a page of this query: another query starts again at its first page
  const [paging, setPaging] = useState({ key, pageIndex: 1 });
  const pageIndex = paging.key === key ? paging.pageIndex : 1;
  const setPageIndex = (index: number) => setPaging({ key, pageIndex: index });
  const [loaded, setLoaded] = useState<{ key: string; data: LateEarlyWorker[]; page: PageInfo } | null>(null);
  const [failed, setFailed] = useState(false);
  const pageSize = TimekeepingReportLimits.pageSizeDefault;
  useEffect(() => {
    let alive = true;
    readNames<LateEarlyWorker>(ReportPaths.lateEarlyWorkers, {
      ...(JSON.parse(key) as ReportQuery),
      pageIndex,
      pageSize,
    })
      .then((answer) => {
        if (!alive) return;
        setLoaded({ key, ...answer });
        setFailed(false);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [key, pageIndex, pageSize]);
  if (failed) return null;
  if (!loaded || loaded.key !== key) return <Spinner size="tiny" label={text('loading')} />;
  const pages = Math.max(1, Math.ceil(loaded.page.total / pageSize));
  const caption =
    query.kind && query.times
      ? text('namesLatest', {
          figure: text('workersLate'),
          kind: text(query.kind === 'late' ? 'late' : 'early'),
          times: Number(query.times) >= TimekeepingReportLimits.frequencyGroups ? '≥ 6' : String(query.times),
        })
      : text('workersLate');
  return (
    <>
      <ReportTable
        caption={caption}
        rowKey={(row) => row.workerId}
        rows={loaded.data}
        columns={[
          { key: 'name', header: label(L.fullName), cell: (row) => row.fullName },
          { key: 'code', header: label(L.code), cell: (row) => row.code },
          { key: 'unit', header: label(L.unit), cell: (row) => row.unitName },
          { key: 'lateTimes', header: label(L.lateTimes), numeric: true, cell: (row) => row.lateTimes },
          { key: 'lateMinutes', header: label(L.lateMinutes), numeric: true, cell: (row) => row.lateMinutes },
          { key: 'earlyTimes', header: label(L.earlyTimes), numeric: true, cell: (row) => row.earlyTimes },
          {
            key: 'earlyMinutes',
            header: label(L.earlyMinutes),
            numeric: true,
            cell: (row) => row.earlyMinutes,
          },
        ]}
      />
      <div className={styles.bar}>
        <span>{text('pageOf', { page: pageIndex, pages, total: loaded.page.total })}</span>
        <Button disabled={pageIndex <= 1} onClick={() => setPageIndex(pageIndex - 1)}>
          {text('previous')}
        </Button>
        <Button disabled={pageIndex >= pages} onClick={() => setPageIndex(pageIndex + 1)}>
          {text('next')}
        </Button>
        {query.kind && <Button onClick={onAll}>{text('workersLate')}</Button>}
      </div>
    </>
  );
}
