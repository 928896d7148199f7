import { FieldErrorKeys } from '@hcm/contracts';
import { salaryPeriodContract } from '@hcm/contracts/salary-periods';
import { validationFailed } from '../../../http/errors.ts';
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
 * Salary › Salary period bound to its table (migration 0052), approvable: the approval engine
 * moves approval_status, and the bulk writer refuses its lines while it is in approval or
 * approved (payroll/tables/result-lines.ts `lockedBy`). Deleting a period (only while editable)
 * deletes its lines in the database (0052's trigger: they name it without a foreign key).
 */
export const salaryPeriodResource = bindResource(salaryPeriodContract, {
  table: salaryPeriods,
  approval: {},
  hooks: { validate: (_context, changes) => refuseMidMonth(changes) },
});
