import { useMemo } from 'react';
import { salaryPeriodContract } from '@hcm/contracts/salary-periods';
import type { ModulePageOptions } from '@hcm/ui';
import { ApprovalContractPages } from '@hcm/widgets';
import { PeriodSheets } from './PeriodSheets.tsx';

/**
 * Salary › Salary period (Kỳ trả lương, docs/payroll-app.md "Pay periods"): the months paid, through
 * the kit's pages with the approval engine's tabs, actions and dialog (@hcm/widgets); below a
 * period, its pay periods and their totals. The server approves a period only once its sheets are.
 */
export default function SalaryPeriodPages() {
  const detail = useMemo<ModulePageOptions['detail']>(
    () => ({ below: (record) => <PeriodSheets key={String(record.version)} periodId={String(record.id)} /> }),
    [],
  );
  return <ApprovalContractPages contract={salaryPeriodContract} detail={detail} />;
}
