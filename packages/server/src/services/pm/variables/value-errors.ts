/*
 * What the values loader could not find for a worker (docs/payroll-variables.md, "Missing data"):
 * a defined code, the sentence in Vietnamese and English, and the variables it leaves empty. A
 * run reports a worker's error when its template reads one of those variables
 * (`errorsReading`); a tenant whose templates read no grade is not told its workers have none.
 */

export const VALUE_ERROR_CODES = [
  'WORKER_NOT_FOUND',
  'NO_CONTRACT',
  'NO_SALARY_GRADE',
  'NO_SALARY_STEP',
  'NO_POSITION_COEFFICIENT',
  'NO_SALARY_COEFFICIENT',
  'NO_REGION',
  'TIMESHEET_NOT_LOCKED',
  'NO_STANDARD_DAYS',
] as const;
export type ValueErrorCode = (typeof VALUE_ERROR_CODES)[number];

export interface ValueError {
  readonly code: ValueErrorCode;
  readonly message: { readonly vi: string; readonly en: string };
  /** the variables this leaves empty (null) for the worker */
  readonly variables: readonly string[];
}

const error = (code: ValueErrorCode, vi: string, en: string, variables: readonly string[]): ValueError => ({
  code,
  message: { vi, en },
  variables,
});

/** dd/MM/yyyy, as the pages write a date. */
const shown = (iso: string) => iso.split('-').reverse().join('/');
/** MM/yyyy. */
const shownMonth = (month: string) => month.split('-').reverse().join('/');

export const ValueErrors = {
  workerNotFound: (id: string, variables: readonly string[]) =>
    error('WORKER_NOT_FOUND', `Không có nhân viên ${id}`, `There is no employee ${id}`, variables),
  noContract: (day: string, variables: readonly string[]) =>
    error(
      'NO_CONTRACT',
      `Không có hợp đồng lao động chính đã duyệt có hiệu lực ngày ${shown(day)}`,
      `No approved main labour contract is in force on ${shown(day)}`,
      variables,
    ),
  noGrade: (variables: readonly string[]) =>
    error('NO_SALARY_GRADE', 'Nhân viên chưa có ngạch lương', 'The employee has no salary grade', variables),
  noStep: (variables: readonly string[]) =>
    error('NO_SALARY_STEP', 'Nhân viên chưa có bậc lương', 'The employee has no salary step', variables),
  noPositionCoefficient: (day: string, variables: readonly string[]) =>
    error(
      'NO_POSITION_COEFFICIENT',
      `Bảng hệ số lương chức vụ có hiệu lực ngày ${shown(day)} không có hệ số cho ngạch và bậc của nhân viên`,
      `The payroll scale in force on ${shown(day)} has no coefficient for the employee's grade and step`,
      variables,
    ),
  noCoefficient: (variables: readonly string[]) =>
    error(
      'NO_SALARY_COEFFICIENT',
      'Nhân viên chưa có hệ số lương',
      'The employee has no salary coefficient',
      variables,
    ),
  noRegion: (variables: readonly string[]) =>
    error(
      'NO_REGION',
      'Đơn vị của nhân viên và các đơn vị cấp trên chưa có vùng lương tối thiểu',
      "Neither the employee's unit nor any unit above it has a minimum wage region",
      variables,
    ),
  timesheetNotLocked: (month: string, variables: readonly string[]) =>
    error(
      'TIMESHEET_NOT_LOCKED',
      `Bảng chấm công tháng ${shownMonth(month)} của nhân viên chưa được duyệt và khóa`,
      `The employee's timesheet of ${shownMonth(month)} is not approved and locked`,
      variables,
    ),
  noStandardDays: (month: string, variables: readonly string[]) =>
    error(
      'NO_STANDARD_DAYS',
      `Chưa có quy định số ngày công chuẩn cho đơn vị của nhân viên trong tháng ${shownMonth(month)}`,
      `No standard working days rule covers the employee's unit in ${shownMonth(month)}`,
      variables,
    ),
} as const;

/** The worker's errors that matter to a template reading `variables` (upper-case codes). */
export function errorsReading(errors: readonly ValueError[], variables: Iterable<string>): ValueError[] {
  const read = new Set([...variables].map((code) => code.toUpperCase()));
  return errors.filter((item) => item.variables.some((code) => read.has(code)));
}
