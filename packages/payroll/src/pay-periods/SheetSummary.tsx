import { useEffect, useState } from 'react';
import type { PayPeriodComponent, PayPeriodTotals } from '@hcm/contracts/pay-periods';
import {
  JobProgress,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  Text,
  formatMoney,
  makeStyles,
  tokens,
  useHasAuthority,
} from '@hcm/ui';
import { FailedWorkers } from './FailedWorkers.tsx';
import { payPeriodApi } from './pay-period-api.ts';
import { componentName, whyNotWritable, type ColumnGroup } from './sheet-values.ts';
import { usePayPeriodTexts } from './texts.ts';
import { useSheet } from './use-sheet.ts';

const useStyles = makeStyles({
  below: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  counts: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXXL}`,
  },
  count: { fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  scroller: { overflowX: 'auto' },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    maxWidth: '720px',
    '& th, & td': {
      textAlign: 'left',
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    },
    '& td': { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
    '& thead th:last-child': { textAlign: 'right' },
  },
  group: { backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold },
  code: {
    color: tokens.colorNeutralForeground3,
    fontFamily: tokens.fontFamilyMonospace,
    fontWeight: 'normal',
  },
});

/** The money components to sum, by payslip group when the template has one, else in the template's order. */
function moneyRows(components: readonly PayPeriodComponent[], groups: readonly ColumnGroup[]) {
  const money = new Map(components.filter((c) => c.valueType === 'MONEY').map((c) => [c.code, c]));
  const pick = (codes: readonly string[]) => codes.flatMap((code) => money.get(code) ?? []);
  if (groups.length === 0) return [{ title: null, components: [...money.values()] }];
  return groups
    .map((group) => ({ title: group.title, components: pick(group.codes) }))
    .filter((group) => group.components.length > 0);
}

/**
 * Below a sheet's page (issue 32 item 7): the progress of a computation running, the counts,
 * each money component's total over every worker (the server's sums), grouped as the payslip
 * groups them — so gross pay, deductions, net pay and the employer's contributions are read
 * here before approving — and the workers that failed, with their reasons and traces.
 */
export function SheetSummary({
  record,
  reload,
}: {
  record: Readonly<Record<string, unknown>>;
  reload: () => void;
}) {
  const styles = useStyles();
  const { text, english } = usePayPeriodTexts();
  const mayUpdate = useHasAuthority('pay_period.update');
  const id = String(record.id);
  const { sheet } = useSheet(id);
  const [totals, setTotals] = useState<PayPeriodTotals | null>(null);
  const [failed, setFailed] = useState(false);
  const computed = record.computeStatus === 'COMPUTED' || record.computeStatus === 'COMPUTED_WITH_ERRORS';
  useEffect(() => {
    if (!computed) return;
    let live = true;
    payPeriodApi
      .totals(id)
      .then((answer) => live && setTotals(answer))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [id, computed]);

  const jobId = record.computeStatus === 'COMPUTING' ? (record.computeJobId as string | null) : null;
  const ready = sheet.state === 'ready' ? sheet : null;
  const title = text('summaryTitle');
  const writable =
    whyNotWritable(
      {
        computeStatus: String(record.computeStatus),
        approvalStatus: String(record.approvalStatus),
        lockedAt: (record.lockedAt as string | null) ?? null,
      },
      mayUpdate,
    ) === null;
  return (
    <div className={styles.below}>
      {jobId && (
        <JobProgress
          key={jobId}
          jobId={jobId}
          label={text('computing', { code: String(record.code) })}
          cancellable={mayUpdate}
          onEnd={reload}
        />
      )}
      {record.computeError ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{text('computeError', { error: String(record.computeError) })}</MessageBarBody>
        </MessageBar>
      ) : null}
      <section className={styles.section} aria-label={title}>
        <Subtitle2 as="h2">{title}</Subtitle2>
        {!computed && !jobId && <Text>{text('summaryEmpty')}</Text>}
        {failed && <Text>{text('summaryFailedLoad')}</Text>}
        {computed && totals && ready && (
          <>
            <div className={styles.counts}>
              <Text>
                {text('summaryWorkers')}: <span className={styles.count}>{formatMoney(totals.workers)}</span>
              </Text>
              <Text>
                {text('summaryFailed')}: <span className={styles.count}>{formatMoney(totals.failed)}</span>
              </Text>
            </div>
            <div
              className={styles.scroller}
              tabIndex={0}
              role="region"
              aria-label={`${title}: ${text('summaryTotal')}`}
            >
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{text('summaryComponent')}</th>
                    <th scope="col">{text('summaryTotal')}</th>
                  </tr>
                </thead>
                {moneyRows(ready.components, ready.groups).map((group, index) => (
                  <tbody key={group.title?.vi ?? index}>
                    {group.title && (
                      <tr className={styles.group}>
                        <th scope="colgroup" colSpan={2}>
                          {english ? group.title.en : group.title.vi}
                        </th>
                      </tr>
                    )}
                    {group.components.map((component) => (
                      <tr key={component.code}>
                        <th scope="row">
                          {componentName(component, english)}{' '}
                          <span className={styles.code}>{component.code}</span>
                        </th>
                        <td>{formatMoney(totals.totals[component.code] ?? 0, { maxDecimals: 0 })}</td>
                      </tr>
                    ))}
                  </tbody>
                ))}
              </table>
            </div>
          </>
        )}
      </section>
      {ready && (
        <FailedWorkers
          sheetId={id}
          failedCount={Number(record.workersFailed ?? 0)}
          components={ready.components}
          writable={writable}
          onChanged={reload}
        />
      )}
    </div>
  );
}
