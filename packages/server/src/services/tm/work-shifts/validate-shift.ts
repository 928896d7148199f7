import { FieldErrorKeys } from '@hcm/contracts';
import {
  ShiftRuleTexts,
  WorkShiftLimits,
  layoutShift,
  type ShiftLayout,
  type ShiftTimes,
} from '@hcm/contracts/work-shifts';
import { validationFailed } from '../../../http/errors.ts';

type FieldError = Parameters<typeof validationFailed>[0][number];

const positive = (value: unknown) => value !== null && value !== undefined && Number(value) > 0;

/**
 * The work shift as it would be after the write (the record before, the changes over it), checked
 * against the rules of docs/work-shifts.md: what layoutShift refuses (segments, breaks, core hours,
 * windows, 24 hours, required hours longer than the shift) and the limits of catalogues §5.2 the
 * field types cannot say (coefficient 1 to 100, positive hours and days). Refused with every
 * problem at once in the error envelope, each on its field, nothing written; the layout otherwise.
 */
export function checkShift(shift: Record<string, unknown>): ShiftLayout {
  const errors: FieldError[] = [];
  const refuse = (field: string, message: string, params: Record<string, string | number> = {}) =>
    errors.push({ field, code: FieldErrorKeys.invalidValue, message, params });

  const coefficient = Number(shift.coefficient ?? 1);
  if (!(coefficient >= WorkShiftLimits.coefficientMin && coefficient <= WorkShiftLimits.coefficientMax))
    errors.push({
      field: 'coefficient',
      code: coefficient < WorkShiftLimits.coefficientMin ? FieldErrorKeys.min : FieldErrorKeys.max,
      message: `must be from ${WorkShiftLimits.coefficientMin} to ${WorkShiftLimits.coefficientMax}`,
      params: {
        required:
          coefficient < WorkShiftLimits.coefficientMin
            ? WorkShiftLimits.coefficientMin
            : WorkShiftLimits.coefficientMax,
        actual: String(shift.coefficient),
      },
    });
  if (!positive(shift.requiredHours)) refuse('requiredHours', 'must be above 0');
  if (Number(shift.requiredHours) > 24) refuse('requiredHours', 'must be at most 24 hours');
  if (!positive(shift.workingDays)) refuse('workingDays', 'must be above 0');

  const { layout, issues } = layoutShift(shift as unknown as ShiftTimes);
  for (const issue of issues)
    refuse(
      issue.field,
      issue.row === undefined
        ? ShiftRuleTexts[issue.rule].en
        : `row ${issue.row}: ${ShiftRuleTexts[issue.rule].en}`,
      issue.row === undefined ? { rule: issue.rule } : { rule: issue.rule, row: issue.row },
    );
  if (errors.length > 0 || !layout) throw validationFailed(errors, 'The work shift is not valid');
  return layout;
}
