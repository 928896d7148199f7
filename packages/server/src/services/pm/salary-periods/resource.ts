import { ConflictReasons, FieldErrorKeys } from '@hcm/contracts';
import { salaryPeriodContract } from '@hcm/contracts/salary-periods';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { conflictBecause, validationFailed } from '../../../http/errors.ts';
import { bindResource } from '../../../resources/index.ts';
import { salaryPeriods } from '../tables/salary-periods.ts';

/** A pay month is kept as its first day: the partition of its lines. */
function refuseMidMonth(changes: Record<string, unknown>): void {
  const month = changes.periodMonth;
  if (typeof month === 'string' && !month.endsWith('-01'))
    throw validationFailed(
      [
        {
          field: 'periodMonth',
          code: FieldErrorKeys.invalidValue,
          message: 'must be the first day of the month (yyyy-MM-01)',
          params: { actual: month },
        },
      ],
      'The pay month is given by its first day',
    );
}

/**
 * A salary period is sent for approval, and approved, only once every monthly sheet of it is
 * approved (docs/payroll-periods.md, "The salary period"): it pays what they hold. A period with
 * no sheet has nothing to approve. Year-end recomputations (FINALISATION) come after, apart.
 */
async function refuseOpenSheets(tx: Tx, id: string): Promise<void> {
  const sheets = (
    (await tx.execute(sql`
      select code, approval_status as status from pay_periods
       where salary_period_id = ${id}::uuid and kind = 'REGULAR' order by code`)) as unknown as {
      rows: { code: string; status: string }[];
    }
  ).rows;
  const open = sheets.filter((sheet) => sheet.status !== 'APPROVED');
  if (sheets.length === 0 || open.length > 0) {
    const codes = open.map((sheet) => sheet.code).join(', ');
    throw conflictBecause(
      ConflictReasons.salaryPeriodSheetsOpen,
      sheets.length === 0
        ? 'The salary period has no pay period: nothing to approve'
        : `The salary period's pay periods ${codes} are not approved yet`,
      { codes: codes || '—' },
    );
  }
}

/**
 * Salary › Salary period bound to its table (migration 0052), approvable: the approval engine
 * moves approval_status once its pay periods (sheets, services/pm/pay-periods) are approved. Its
 * lines are its sheets' (payroll_result_lines.run_id names a sheet since migration 0076, which
 * made a sheet of the lines written before). A period with sheets is not deleted (409 in use):
 * delete its sheets first, each only while editable.
 */
export const salaryPeriodResource = bindResource(salaryPeriodContract, {
  table: salaryPeriods,
  approval: {
    beforeAction: async ({ tx }, record, action) => {
      if (action === 'REQUEST_APPROVAL' || action === 'APPROVE')
        await refuseOpenSheets(tx, String(record.id));
    },
  },
  hooks: { validate: (_context, changes) => refuseMidMonth(changes) },
});
