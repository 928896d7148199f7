import { useMemo } from 'react';
import { payPeriodContract } from '@hcm/contracts/pay-periods';
import { formatDate, type ModulePageOptions } from '@hcm/ui';
import { ApprovalContractPages } from '@hcm/widgets';
import { ComputeStatusBadge, LockedBadge } from './SheetBadges.tsx';
import { SheetActions } from './SheetActions.tsx';
import { SheetSummary } from './SheetSummary.tsx';

const computeBadge = (record: Record<string, unknown>) => (
  <ComputeStatusBadge status={String(record.computeStatus)} />
);
const lockedBadge = (record: Record<string, unknown>) => <LockedBadge lockedAt={record.lockedAt} />;
// on the sheet's page, when it was locked too (who did it is in the action log)
const lockedAt = (record: Record<string, unknown>) =>
  record.lockedAt ? (
    <>
      <LockedBadge lockedAt={record.lockedAt} /> {formatDate(String(record.lockedAt), 'timeDate')}
    </>
  ) : null;
// the month paid, as HR writes it (the contract keeps its first day)
const payMonth = (record: Record<string, unknown>) =>
  formatDate(String(record.periodMonth ?? ''), 'monthYear');

/**
 * Salary › Payroll period › General (Bảng lương, docs/payroll-app.md "Pay periods"): the sheets'
 * list, create, detail and update pages from their contract with the approval engine's tabs,
 * badges, actions and dialog (@hcm/widgets); the computation and lock statuses as badges; on a
 * sheet's page, compute or recompute with the job's progress bar, the detailed table, lock and the
 * year-end recomputation, and below it the totals and the workers that failed.
 */
export default function PayPeriodPages() {
  const list = useMemo<ModulePageOptions['list']>(
    () => ({ renderCell: { computeStatus: computeBadge, lockedAt: lockedBadge, periodMonth: payMonth } }),
    [],
  );
  const detail = useMemo<ModulePageOptions['detail']>(
    () => ({
      renderValue: { computeStatus: computeBadge, lockedAt, periodMonth: payMonth },
      actions: (record, page) => <SheetActions record={record} reload={page.reload} />,
      // remounted on each version: a computation's end, an approval, a lock read everything again
      below: (record, page) => (
        <SheetSummary key={String(record.version)} record={record} reload={page.reload} />
      ),
    }),
    [],
  );
  return <ApprovalContractPages contract={payPeriodContract} list={list} detail={detail} />;
}
