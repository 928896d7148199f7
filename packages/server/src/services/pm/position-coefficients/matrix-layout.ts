import {
  SALARY_SCALES,
  coefficientField,
  positionCoefficientContract,
  type SalaryScale,
} from '@hcm/contracts/position-coefficients';
import { label, type Label } from '@hcm/contracts/resource';

/**
 * The layout of a coefficient matrix as a sheet, written by GET /{id}/export-matrix and read
 * back by POST /{id}/import-matrix: a header row (grade code, grade name, one column per step
 * 1–5), then a row per grade. Declared once for both.
 */
export const MatrixHeaders = {
  code: label('positionCoefficient.export.gradeCode', 'Mã ngạch', 'Grade code'),
  name: label('positionCoefficient.export.gradeName', 'Tên ngạch', 'Grade name'),
};

const cells = positionCoefficientContract.fields.salaryGrades.fields;

/** The header of a step's column: the contract's label of its coefficient ("Bậc 1" / "Step 1"). */
export function stepHeader(scale: SalaryScale): Label {
  const field = cells[coefficientField(scale)];
  if (!field) throw new Error(`the matrix has no ${coefficientField(scale)}`);
  return field.label;
}

/** Every header, in the sheet's order (A, B, then one per step). */
export const matrixHeaders = (): Label[] => [
  MatrixHeaders.code,
  MatrixHeaders.name,
  ...SALARY_SCALES.map(stepHeader),
];

/** Columns a matrix sheet has: the grade's code and name, then the steps. */
export const MATRIX_COLUMNS = 2 + SALARY_SCALES.length;

/** Grade rows a matrix holds at most (the contract's list limit). */
export const MATRIX_MAX_GRADES = positionCoefficientContract.fields.salaryGrades.maxItems;
