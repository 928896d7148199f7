import { useEffect, useId, useRef, useState } from 'react';
import type { PageInfo } from '@hcm/contracts';
import {
  TimekeepingReportLabels as L,
  TimekeepingReportLimits,
  type TroopWorker,
} from '@hcm/contracts/timekeeping-reports';
import { Button, MessageBar, MessageBarBody, Spinner, Title3, makeStyles, tokens } from '@hcm/ui';
import { ReportTable } from './ReportTable.tsx';
import { ReportPaths, readNames, type ReportQuery } from './reports-api.ts';
import { useReportTexts } from './texts.ts';

const useStyles = makeStyles({
  dialog: {
    width: 'min(760px, calc(100vw - 32px))',
    maxHeight: 'calc(100vh - 64px)',
    boxSizing: 'border-box',
    padding: '20px',
    border: 'none',
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow64,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    '::backdrop': { backgroundColor: 'rgba(0, 0, 0, 0.4)' },
  },
  body: { display: 'flex', flexDirection: 'column', gap: '12px' },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: '8px',
  },
});

/** The names asked for: the dialog's title and the query of GET …/troop/workers. */
export interface NamesAsked {
  readonly title: string;
  readonly query: ReportQuery;
}

type Loaded =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: TroopWorker[]; page: PageInfo };

/** The workers behind one figure of the troop report, by code, 100 a page, in a modal dialog. */
export function NamesDialog({ asked, onClose }: { asked: NamesAsked; onClose: () => void }) {
  const styles = useStyles();
  const { text, label } = useReportTexts();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [pageIndex, setPageIndex] = useState(1);
  const [answer, setAnswer] = useState<{ pageIndex: number; loaded: Loaded } | null>(null);
  const loaded: Loaded = answer?.pageIndex === pageIndex ? answer.loaded : { state: 'loading' };
  const pageSize = TimekeepingReportLimits.pageSizeMax;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  useEffect(() => {
    let alive = true;
    readNames<TroopWorker>(ReportPaths.troopWorkers, { ...asked.query, pageIndex, pageSize })
      .then((names) => alive && setAnswer({ pageIndex, loaded: { state: 'ready', ...names } }))
      .catch(() => alive && setAnswer({ pageIndex, loaded: { state: 'failed' } }));
    return () => {
      alive = false;
    };
  }, [asked, pageIndex, pageSize]);

  const pages = loaded.state === 'ready' ? Math.max(1, Math.ceil(loaded.page.total / pageSize)) : 1;
  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId} onClose={onClose}>
      <div className={styles.body}>
        <Title3 as="h2" id={titleId}>
          {asked.title}
        </Title3>
        {loaded.state === 'loading' && <Spinner size="tiny" label={text('loading')} />}
        {loaded.state === 'failed' && (
          <MessageBar intent="error">
            <MessageBarBody>{text('failed')}</MessageBarBody>
          </MessageBar>
        )}
        {loaded.state === 'ready' && (
          <ReportTable
            caption={asked.title}
            rowKey={(row) => row.workerId}
            rows={loaded.data}
            columns={[
              { key: 'name', header: label(L.fullName), cell: (row) => row.fullName },
              { key: 'code', header: label(L.code), cell: (row) => row.code },
              { key: 'unit', header: label(L.unit), cell: (row) => row.unitName },
              { key: 'symbol', header: label(L.symbol), cell: (row) => row.symbol ?? '' },
              { key: 'in', header: label(L.firstIn), cell: (row) => row.firstIn ?? '' },
              {
                key: 'late',
                header: label(L.lateMinutes),
                numeric: true,
                cell: (row) => (row.lateMinutes > 0 ? row.lateMinutes : ''),
              },
            ]}
          />
        )}
        <div className={styles.actions}>
          {loaded.state === 'ready' && pages > 1 && (
            <>
              <span>{text('pageOf', { page: pageIndex, pages, total: loaded.page.total })}</span>
              <Button disabled={pageIndex <= 1} onClick={() => setPageIndex(pageIndex - 1)}>
                {text('previous')}
              </Button>
              <Button disabled={pageIndex >= pages} onClick={() => setPageIndex(pageIndex + 1)}>
                {text('next')}
              </Button>
            </>
          )}
          <Button appearance="primary" onClick={() => ref.current?.close()}>
            {text('close')}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
