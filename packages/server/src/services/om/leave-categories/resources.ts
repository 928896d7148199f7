import { FieldErrorKeys, type PermissionResource } from '@hcm/contracts';
import { categoryContracts } from '@hcm/contracts/categories';
import { holidays } from '../../../db/tables/holidays.ts';
import { leaveTypes } from '../tables/leave-categories.ts';
import { validationFailed } from '../../../http/errors.ts';
import { bindResource, type ResourceDefinition } from '../../../resources/index.ts';

/** A contract of modules/leave-categories.ts, by its permission (categories.ts lists, not re-exports, it). */
function contractOf(permission: PermissionResource) {
  const found = categoryContracts.find((contract) => contract.permission === permission);
  if (!found) throw new Error(`@hcm/contracts/categories has no contract of ${permission}`);
  return found;
}

/** The most days a year a leave type may allow. */
const MAX_LEAVE_DAYS_PER_YEAR = 365;

/** Leave types: at most 365 days a year (the schema keeps it to one decimal, not negative). */
export const leaveTypeResource = bindResource(contractOf('leave_type'), {
  table: leaveTypes,
  hooks: {
    validate(_context, changes) {
      const days = changes.maxDaysPerYear;
      if (typeof days === 'string' && Number(days) > MAX_LEAVE_DAYS_PER_YEAR)
        throw validationFailed(
          [
            {
              field: 'maxDaysPerYear',
              code: FieldErrorKeys.max,
              message: `must be at most ${MAX_LEAVE_DAYS_PER_YEAR}`,
              params: { required: MAX_LEAVE_DAYS_PER_YEAR, actual: Number(days) },
            },
          ],
          `A year has at most ${MAX_LEAVE_DAYS_PER_YEAR} days of leave`,
        );
    },
  },
});

/**
 * Holidays: the end date is not before the start date (400 on endDate), checked against the
 * record's other date when an update changes only one of them.
 */
export const holidayResource = bindResource(contractOf('holiday'), {
  table: holidays,
  hooks: {
    validate(_context, changes, before) {
      const startDate = changes.startDate ?? before?.startDate;
      const endDate = changes.endDate ?? before?.endDate;
      // yyyy-MM-dd strings compare as the dates they are.
      if (typeof startDate === 'string' && typeof endDate === 'string' && endDate < startDate)
        throw validationFailed(
          [
            {
              field: 'endDate',
              code: FieldErrorKeys.invalidValue,
              message: `must not be before the start date ${startDate}`,
            },
          ],
          'The holiday ends before it starts',
        );
    },
  },
});

/** Leave types and holidays bound to their tables. */
export const leaveCategoryResources: readonly ResourceDefinition[] = [leaveTypeResource, holidayResource];
