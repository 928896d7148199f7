import { FieldErrorKeys, type FieldError } from '@hcm/contracts';
import {
  MAX_POSITION_COEFFICIENT,
  SALARY_SCALES,
  coefficientField,
  type PositionCoefficientRow,
} from '@hcm/contracts/position-coefficients';
import type { Label } from '@hcm/contracts/resource';
import type { Language } from '../../../resources/types.ts';
import { columnLetters } from '../../../resources/import/sheet-cells.ts';
import { MATRIX_COLUMNS, matrixHeaders } from './matrix-layout.ts';
import { CellProblem, type CellValue, type MatrixSheetRow } from './read-matrix-sheet.ts';

/** The tenant's grades the file names, by lower-case code, with the steps each has. */
export type KnownGrades = ReadonlyMap<string, { id: string; code: string; steps: ReadonlySet<string> }>;

/** Problems kept at most: enough to fix a file, not a wall of text. */
export const MAX_PROBLEMS = 100;

const MAX = Number(MAX_POSITION_COEFFICIENT);

const textOf = (value: CellValue): string =>
  value instanceof CellProblem ? (value.shown ?? '') : value === undefined ? '' : String(value).trim();

const sameHeader = (value: CellValue, header: Label) =>
  [header.vi, header.en].some((text) => text.toLowerCase() === textOf(value).toLowerCase());

/** A cell's coefficient as the API's decimal (3 places), or why it is not one. */
function coefficientOf(value: CellValue): { value: string } | { problem: string } {
  if (value instanceof CellProblem)
    return {
      problem: value.kind === 'formulaError' ? 'has a formula error' : 'has a formula without a saved result',
    };
  let number: number;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string' && /^-?\d+(?:[.,]\d+)?$/.test(value.trim()))
    number = Number(value.trim().replace(',', '.')); // a Vietnamese decimal comma is a number too
  else return { problem: `"${textOf(value)}" is not a number` };
  if (number < 0) return { problem: `${number} is negative: a coefficient is greater than 0` };
  if (number === 0) return { problem: 'is 0: a coefficient is greater than 0' };
  if (number > MAX) return { problem: `${number} is more than ${MAX_POSITION_COEFFICIENT}` };
  // Numbers come as binary fractions (2.34 is 2.3399999…): 3 decimals, give or take that.
  if (Math.abs(number * 1000 - Math.round(number * 1000)) > 1e-6)
    return { problem: `${number} has more than 3 decimals` };
  return { value: number.toFixed(3) };
}

/** The grade codes of the rows (lower case), to look them up before the check. */
export const gradeCodesOf = (rows: readonly MatrixSheetRow[]): string[] => [
  ...new Set(rows.slice(1).map((row) => textOf(row.cells[0]).toLowerCase())),
];

/**
 * The matrix in a sheet read by readMatrixSheet: its first row must be the header the export
 * writes (either language, any case), then each row a grade of the tenant by its code (the
 * name column is the reader's, not checked) with a coefficient, or nothing, under each step
 * the grade has. Every problem names its row and column (`row 5, column D (Bậc 2): …`); the
 * rows are given back only when there is none.
 */
export function checkMatrixRows(
  rows: readonly MatrixSheetRow[],
  grades: KnownGrades,
  language: Language,
): { problems: FieldError[]; items: PositionCoefficientRow[] } {
  const problems: FieldError[] = [];
  const headers = matrixHeaders();
  const at = (row: number, column: number) =>
    `row ${row}, column ${columnLetters(column)} (${headers[column]?.[language] ?? ''})`;
  const problem = (where: string, message: string, code: string = FieldErrorKeys.invalidValue) => {
    if (problems.length < MAX_PROBLEMS)
      problems.push({ field: 'file', code, message: `${where}: ${message}` });
  };

  const [header, ...data] = rows;
  if (!header) return { problems: [fileProblem('the first sheet is empty')], items: [] };
  for (let column = 0; column < MATRIX_COLUMNS; column++) {
    const expected = headers[column];
    if (expected && !sameHeader(header.cells[column], expected))
      problem(
        at(header.rowNumber, column),
        `the header must be "${expected.vi}" or "${expected.en}", not "${textOf(header.cells[column])}": use the exported matrix as the template`,
      );
  }
  if (problems.length > 0) return { problems, items: [] };
  if (data.length === 0) return { problems: [fileProblem('the file has no grade rows')], items: [] };

  const seen = new Map<string, number>();
  const items: PositionCoefficientRow[] = [];
  for (const { rowNumber, cells } of data) {
    const code = textOf(cells[0]);
    const grade = grades.get(code.toLowerCase());
    if (code === '') {
      problem(at(rowNumber, 0), 'the grade code is missing', FieldErrorKeys.required);
      continue;
    }
    if (!grade) {
      problem(at(rowNumber, 0), `no salary grade of this tenant has the code "${code}"`);
      continue;
    }
    const earlier = seen.get(grade.id);
    if (earlier !== undefined) {
      problem(at(rowNumber, 0), `the grade ${grade.code} is already in row ${earlier}`);
      continue;
    }
    seen.set(grade.id, rowNumber);
    const item: Record<string, string | null> = { salaryGradeId: grade.id };
    SALARY_SCALES.forEach((scale, index) => {
      const column = 2 + index;
      const value = cells[column];
      item[coefficientField(scale)] = null;
      if (value === undefined) return;
      if (!grade.steps.has(scale)) {
        problem(at(rowNumber, column), `the grade ${grade.code} has no step ${scale}: leave the cell empty`);
        return;
      }
      const found = coefficientOf(value);
      if ('problem' in found) problem(at(rowNumber, column), found.problem);
      else item[coefficientField(scale)] = found.value;
    });
    items.push(item as unknown as PositionCoefficientRow);
  }
  return { problems, items: problems.length > 0 ? [] : items };
}

const fileProblem = (message: string): FieldError => ({
  field: 'file',
  code: FieldErrorKeys.required,
  message,
});
