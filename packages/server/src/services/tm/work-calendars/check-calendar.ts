import { FieldErrorKeys } from '@hcm/contracts';
import type { WorkCalendarTargetType } from '@hcm/contracts/work-calendars';

type Row = Record<string, unknown>;
export interface CalendarFieldError {
  readonly field: string;
  readonly code: string;
  readonly message: string;
}

const required = (field: string, message: string): CalendarFieldError => ({
  field,
  code: FieldErrorKeys.required,
  message,
});
const invalid = (field: string, message: string): CalendarFieldError => ({
  field,
  code: FieldErrorKeys.invalidValue,
  message,
});
const given = (value: unknown) => value !== null && value !== undefined && value !== '';
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Which target field each target type fills; the others must stay empty. */
const TARGET_FIELD: Readonly<Record<WorkCalendarTargetType, string>> = {
  UNIT: 'organizationUnitId',
  WORKING_GROUP: 'organizationUnitId',
  JOB_TITLE: 'jobTitleId',
  WORKER: 'workerIds',
};

/**
 * The rules of a calendar as it will be, beyond each field's own (docs/work-calendars.md): the
 * target named by the one field its type uses, the dates in order, a pattern that claims some
 * weekday and says what each claimed day holds. Every broken rule is answered at once, in the
 * error envelope, before anything is written.
 */
export function calendarErrors(record: Row): CalendarFieldError[] {
  const errors: CalendarFieldError[] = [];
  const targetType = record.targetType as WorkCalendarTargetType | undefined;
  if (targetType && targetType in TARGET_FIELD) {
    const own = TARGET_FIELD[targetType];
    const filled = own === 'workerIds' ? list(record.workerIds).length > 0 : given(record[own]);
    if (!filled) errors.push(required(own, `a ${targetType} calendar names its target here`));
    for (const other of new Set(Object.values(TARGET_FIELD)))
      if (other !== own && (other === 'workerIds' ? list(record.workerIds).length > 0 : given(record[other])))
        errors.push(invalid(other, `must be empty for a ${targetType} calendar`));
  }
  if (
    typeof record.fromDate === 'string' &&
    typeof record.toDate === 'string' &&
    record.toDate < record.fromDate
  )
    errors.push(invalid('toDate', 'must not be before the start date'));
  if (list(record.weekdays).length === 0)
    errors.push(required('weekdays', 'a calendar claims at least one weekday'));
  const slots = list(record.rotation);
  if (record.patternType === 'ROTATION') {
    if (!given(record.anchorDate))
      errors.push(required('anchorDate', 'a rotation counts its slots from this date'));
    if (!given(record.rotationUnit))
      errors.push(required('rotationUnit', 'a rotation’s slots last a day or a week'));
    // every slot empty is allowed: the claimed days are days off (a workshop's shutdown week)
    if (slots.length < 2) errors.push(invalid('rotation', 'a rotation has at least two slots'));
    if (given(record.workShiftId))
      errors.push(invalid('workShiftId', 'a rotation takes its shifts from its slots'));
  } else {
    if (!given(record.workShiftId)) errors.push(required('workShiftId', 'the shift of every day it claims'));
    if (slots.length > 0) errors.push(invalid('rotation', 'only a rotation has slots'));
  }
  return errors;
}

/** The shifts the calendar names, in its own field and its slots. */
export function namedShifts(record: Row): string[] {
  const ids = [record.workShiftId, ...list(record.rotation).map((slot) => (slot as Row | null)?.workShiftId)];
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
}
