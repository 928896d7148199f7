import { useEffect, useState } from 'react';
import type { PayPeriodComponent, PayPeriodWorkerRow } from '@hcm/contracts/pay-periods';
import { Button, MessageBar, MessageBarBody, Subtitle2, makeStyles, tokens, visuallyHidden } from '@hcm/ui';
import { payPeriodApi } from './pay-period-api.ts';
import { workerErrorText } from './sheet-values.ts';
import { TraceDialog, type TraceTarget } from './TraceDialog.tsx';
import { usePayPeriodTexts } from './texts.ts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  // a phone scrolls the table sideways; the region takes the focus so a keyboard can too
  scroller: { overflowX: 'auto' },
  hidden: visuallyHidden,
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    minWidth: '560px',
    '& th, & td': {
      textAlign: 'left',
      verticalAlign: 'top',
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    },
  },
});

/** How many failed workers the sheet's page lists (the detailed table filters the rest). */
const SHOWN = 20;

/**
 * Below a sheet computed with errors: the workers that failed, each with the reason in the
 * reader's language (the component that failed and why, or the data missing), and their trace;
 * the others were computed (issue 32 item 7: a worker's failure does not stop the others).
 */
export function FailedWorkers({
  sheetId,
  failedCount,
  components,
  writable,
  onChanged,
}: {
  sheetId: string;
  failedCount: number;
  components: readonly PayPeriodComponent[];
  writable: boolean;
  onChanged: () => void;
}) {
  const styles = useStyles();
  const { text, english } = usePayPeriodTexts();
  const [rows, setRows] = useState<readonly PayPeriodWorkerRow[] | null>(null);
  const [tracing, setTracing] = useState<TraceTarget | null>(null);
  const [revision, setRevision] = useState(0);
  useEffect(() => {
    if (failedCount === 0) return;
    let live = true;
    payPeriodApi
      .workers(sheetId, { status: 'FAILED' }, null, SHOWN)
      .then((page) => live && setRows(page.data))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [sheetId, failedCount, revision]);
  if (failedCount === 0 || !rows || rows.length === 0) return null;
  const title = text('failedTitle');
  return (
    <section className={styles.section} aria-label={title}>
      <Subtitle2 as="h2">{title}</Subtitle2>
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>{text('failedIntro', { count: failedCount })}</MessageBarBody>
      </MessageBar>
      <div className={styles.scroller} tabIndex={0} role="region" aria-label={`${title}: ${text('reason')}`}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{text('code')}</th>
              <th scope="col">{text('fullName')}</th>
              <th scope="col">{text('unitColumn')}</th>
              <th scope="col">{text('reason')}</th>
              <th scope="col">
                <span className={styles.hidden}>{text('trace')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.workerId}>
                <td>{row.code}</td>
                <th scope="row">{row.fullName}</th>
                <td>{row.unitName}</td>
                <td>
                  {row.error
                    ? workerErrorText(row.error, english, (component, message) =>
                        text('inComponent', { component, message }),
                      )
                    : ''}
                </td>
                <td>
                  <Button
                    size="small"
                    aria-label={`${text('trace')}: ${row.fullName}`}
                    onClick={() =>
                      setTracing({ sheetId, workerId: row.workerId, code: row.code, fullName: row.fullName })
                    }
                  >
                    {text('trace')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {failedCount > rows.length && <span>{text('failedMore', { count: failedCount - rows.length })}</span>}
      {tracing && (
        <TraceDialog
          target={tracing}
          components={components}
          writable={writable}
          onClose={() => setTracing(null)}
          onChanged={() => {
            setRevision((n) => n + 1);
            onChanged();
          }}
        />
      )}
    </section>
  );
}
