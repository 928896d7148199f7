import { FieldErrorKeys, type FieldError } from '@hcm/contracts';
import { LeavePolicyLimits } from '@hcm/contracts/leave-policies';

type Row = Record<string, unknown>;

/** The days a rule names: each 0 to 100 (catalogues §5.2), one decimal (the schema's scale). */
const DAY_FIELDS = ['baseDays', 'heavyWorkDays', 'specialDays', 'seniorityDaysPerStep', 'carryOverMaxDays'];
/** Fields the table requires (the contract too: a null is refused before the database does). */
const NOT_NULL = [
  ...DAY_FIELDS,
  'seniorityStepYears',
  'seniorityAsOf',
  'monthCountsFrom',
  'rounding',
  'accrualMode',
  'updateDay',
];

/** Days in each month of a leap year: an expiry day every year has is one of a common year. */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether 'MM-DD' is a day every year has (02-29 is not: three years in four lack it). */
export function isYearlyDay(value: string): boolean {
  const match = /^(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const month = Number(match[1]);
  const day = Number(match[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= (DAYS_IN_MONTH[month - 1] ?? 0);
}

/**
 * What the contract's types cannot say about a version of the leave rules (the merged record:
 * the write's changes over the stored one), as field errors: nothing null the table keeps, days
 * 0 to 100, the leave-received share 0, 0.5 or 1, an expiry day every year has (no 02-30, no
 * 02-29), and an expiry only when something is carried over.
 */
export function leavePolicyProblems(changes: Row, merged: Row): FieldError[] {
  const problems: FieldError[] = [];
  for (const field of NOT_NULL)
    if (field in changes && changes[field] === null)
      problems.push({
        field,
        code: FieldErrorKeys.required,
        message: 'is required',
      });
  for (const field of DAY_FIELDS) {
    const value = merged[field];
    if (typeof value === 'string' && Number(value) > LeavePolicyLimits.days)
      problems.push({
        field,
        code: FieldErrorKeys.max,
        message: `must be at most ${LeavePolicyLimits.days} days`,
        params: { required: LeavePolicyLimits.days, actual: Number(value) },
      });
  }
  const share = merged.monthCountsFrom;
  if (typeof share === 'string' && ![0, 0.5, 1].includes(Number(share)))
    problems.push({
      field: 'monthCountsFrom',
      code: FieldErrorKeys.invalidValue,
      message: 'must be 0, 0.5 or 1 (0 to 1, step 0.5)',
    });
  const expiry = merged.carryOverExpiresOn;
  if (typeof expiry === 'string' && !isYearlyDay(expiry))
    problems.push({
      field: 'carryOverExpiresOn',
      code: FieldErrorKeys.invalidValue,
      message: `${expiry} is not a day every year has (MM-DD, e.g. 03-31)`,
    });
  const carried = merged.carryOverMaxDays;
  if (
    typeof expiry === 'string' &&
    (carried === undefined || Number(carried) === 0) &&
    'carryOverExpiresOn' in changes
  )
    problems.push({
      field: 'carryOverExpiresOn',
      code: FieldErrorKeys.invalidValue,
      message: 'nothing is carried over (carry-over days 0): leave it empty',
    });
  return problems;
}
