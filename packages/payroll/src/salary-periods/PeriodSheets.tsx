import { useEffect, useState } from 'react';
import { payPeriodContract, type PayPeriodRecord } from '@hcm/contracts/pay-periods';
import type { SalaryPeriodSummary } from '@hcm/contracts/salary-periods';
import { salaryPeriodContract } from '@hcm/contracts/salary-periods';
import { api } from '@hcm/session';
import {
  Button,
  Link,
  StatusBadge,
  Subtitle2,
  Text,
  formatMoney,
  goTo,
  makeStyles,
  tokens,
  useHasAuthority,
} from '@hcm/ui';
import { sheetDetailPath } from '../pay-periods/paths.ts';
import { ComputeStatusBadge, LockedBadge } from '../pay-periods/SheetBadges.tsx';
import { usePayPeriodTexts } from '../pay-periods/texts.ts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  heading: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  scroller: { overflowX: 'auto' },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    minWidth: '640px',
    '& th, & td': {
      textAlign: 'left',
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    },
    // the counts
    '& th:nth-child(n+3), & td:nth-child(n+3)': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  },
});

/** How many sheets of one period the page lists (a month has a few: one per unit group, a finalisation). */
const SHOWN = 50;

/**
 * Below a salary period: its pay periods (the sheets of the month, each a link to its page, with
 * its computation, approval and lock), the way to add one, and the period's totals over its
 * monthly sheets' lines (GET …/{id}/summary). The period is approved once every sheet is.
 */
export function PeriodSheets({ periodId }: { periodId: string }) {
  const styles = useStyles();
  const { text } = usePayPeriodTexts();
  const mayCreate = useHasAuthority('pay_period.create');
  const [sheets, setSheets] = useState<readonly PayPeriodRecord[] | null>(null);
  const [summary, setSummary] = useState<SalaryPeriodSummary | null>(null);
  useEffect(() => {
    let live = true;
    const query = new URLSearchParams({ salaryPeriodId: periodId, pageSize: String(SHOWN) });
    api
      .getPage<PayPeriodRecord>(`${payPeriodContract.apiPath}?${query.toString()}`, { ignoreError: true })
      .then((page) => live && setSheets(page.data))
      .catch(() => live && setSheets([]));
    api
      .get<SalaryPeriodSummary>(`${salaryPeriodContract.apiPath}/${encodeURIComponent(periodId)}/summary`, {
        ignoreError: true,
      })
      .then((answer) => live && setSummary(answer))
      .catch(() => live && setSummary(null));
    return () => {
      live = false;
    };
  }, [periodId]);

  const title = text('sheetsTitle');
  return (
    <section className={styles.section} aria-label={title}>
      <div className={styles.heading}>
        <Subtitle2 as="h2">{title}</Subtitle2>
        {mayCreate && (
          <Button size="small" onClick={() => goTo(`${payPeriodContract.route}/create`)}>
            {text('addSheet')}
          </Button>
        )}
      </div>
      {sheets && sheets.length === 0 && <Text>{text('sheetsEmpty')}</Text>}
      {sheets && sheets.length > 0 && (
        <div className={styles.scroller} tabIndex={0} role="region" aria-label={`${title}: ${text('sheet')}`}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{text('sheet')}</th>
                <th scope="col">{text('status')}</th>
                <th scope="col">{text('summaryWorkers')}</th>
                <th scope="col">{text('summaryFailed')}</th>
              </tr>
            </thead>
            <tbody>
              {sheets.map((sheet) => {
                const path = sheetDetailPath(String(sheet.id));
                return (
                  <tr key={String(sheet.id)}>
                    <th scope="row">
                      <Link
                        href={path}
                        onClick={(event) => {
                          event.preventDefault();
                          goTo(path);
                        }}
                      >
                        {String(sheet.code)} – {String(sheet.name)}
                      </Link>
                    </th>
                    <td>
                      <span className={styles.heading}>
                        <ComputeStatusBadge status={String(sheet.computeStatus)} />
                        <StatusBadge status={String(sheet.approvalStatus)} />
                        <LockedBadge lockedAt={sheet.lockedAt} />
                      </span>
                    </td>
                    <td>{formatMoney(Number(sheet.workersTotal ?? 0))}</td>
                    <td>{formatMoney(Number(sheet.workersFailed ?? 0))}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {summary && summary.lines > 0 && (
        <Text>
          {text('periodSummary')}:{' '}
          {text('periodLines', {
            workers: formatMoney(summary.workers),
            lines: formatMoney(summary.lines),
          })}
        </Text>
      )}
    </section>
  );
}
