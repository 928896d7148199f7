import { FieldErrorKeys, type FieldError, type FieldErrorParams } from '@hcm/contracts';
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

/**
 * What is wrong, as the browser says it (`params.problem`, a key of the admin's matrix labels,
 * with the values its text carries), beside the English `message` for logs and API callers.
 */
interface Why {
  problem: string;
  message: string;
  values?: FieldErrorParams;
}

/** A cell's coefficient as the API's decimal (3 places), or why it is not one. */
function coefficientOf(value: CellValue): { value: string } | { why: Why } {
  if (value instanceof CellProblem)
    return value.kind === 'formulaError'
      ? { why: { problem: 'formulaError', message: 'has a formula error' } }
      : { why: { problem: 'formulaWithoutResult', message: 'has a formula without a saved result' } };
  let number: number;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string' && /^-?\d+(?:[.,]\d+)?$/.test(value.trim()))
    number = Number(value.trim().replace(',', '.')); // a Vietnamese decimal comma is a number too
  else
    return {
      why: {
        problem: 'notANumber',
        message: `"${textOf(value)}" is not a number`,
        values: { value: textOf(value) },
      },
    };
  if (number < 0)
    return {
      why: {
        problem: 'notPositive',
        message: `${number} is negative: a coefficient is greater than 0`,
        values: { value: number },
      },
    };
  if (number === 0)
    return {
      why: { problem: 'notPositive', message: 'is 0: a coefficient is greater than 0', values: { value: 0 } },
    };
  if (number > MAX)
    return {
      why: {
        problem: 'tooLarge',
        message: `${number} is more than ${MAX_POSITION_COEFFICIENT}`,
        values: { value: number, max: MAX },
      },
    };
  // Numbers come as binary fractions (2.34 is 2.3399999…): 3 decimals, give or take that.
  if (Math.abs(number * 1000 - Math.round(number * 1000)) > 1e-6)
    return {
      why: {
        problem: 'tooManyDecimals',
        message: `${number} has more than 3 decimals`,
        values: { value: number },
      },
    };
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
 * the grade has. Every problem names its row and column (`row 5, column D (Bậc 2): …`), and in
 * its params the same (`row`, `column`, `header`) with what is wrong (`problem` and its values)
 * for the browser to say in the user's words; the rows are given back only when there is none.
 */
export function checkMatrixRows(
  rows: readonly MatrixSheetRow[],
  grades: KnownGrades,
  language: Language,
): { problems: FieldError[]; items: PositionCoefficientRow[] } {
  const problems: FieldError[] = [];
  const headers = matrixHeaders();
  const problem = (row: number, column: number, why: Why, code: string = FieldErrorKeys.invalidValue) => {
    if (problems.length >= MAX_PROBLEMS) return;
    const header = headers[column]?.[language] ?? '';
    problems.push({
      field: 'file',
      code,
      message: `row ${row}, column ${columnLetters(column)} (${header}): ${why.message}`,
      params: { row, column: columnLetters(column), header, problem: why.problem, ...why.values },
    });
  };

  const [header, ...data] = rows;
  if (!header) return { problems: [fileProblem('sheetEmpty', 'the first sheet is empty')], items: [] };
  for (let column = 0; column < MATRIX_COLUMNS; column++) {
    const expected = headers[column];
    if (expected && !sameHeader(header.cells[column], expected))
      problem(header.rowNumber, column, {
        problem: 'header',
        message: `the header must be "${expected.vi}" or "${expected.en}", not "${textOf(header.cells[column])}": use the exported matrix as the template`,
        values: { expected: expected[language], found: textOf(header.cells[column]) },
      });
  }
  if (problems.length > 0) return { problems, items: [] };
  if (data.length === 0)
    return { problems: [fileProblem('noRows', 'the file has no grade rows')], items: [] };

  const seen = new Map<string, number>();
  const items: PositionCoefficientRow[] = [];
  for (const { rowNumber, cells } of data) {
    const code = textOf(cells[0]);
    const grade = grades.get(code.toLowerCase());
    if (code === '') {
      problem(
        rowNumber,
        0,
        { problem: 'gradeMissing', message: 'the grade code is missing' },
        FieldErrorKeys.required,
      );
      continue;
    }
    if (!grade) {
      problem(rowNumber, 0, {
        problem: 'gradeUnknown',
        message: `no salary grade of this tenant has the code "${code}"`,
        values: { grade: code },
      });
      continue;
    }
    const earlier = seen.get(grade.id);
    if (earlier !== undefined) {
      problem(rowNumber, 0, {
        problem: 'gradeRepeated',
        message: `the grade ${grade.code} is already in row ${earlier}`,
        values: { grade: grade.code, earlier },
      });
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
        problem(rowNumber, column, {
          problem: 'noStep',
          message: `the grade ${grade.code} has no step ${scale}: leave the cell empty`,
          values: { grade: grade.code },
        });
        return;
      }
      const found = coefficientOf(value);
      if ('why' in found) problem(rowNumber, column, found.why);
      else item[coefficientField(scale)] = found.value;
    });
    items.push(item as unknown as PositionCoefficientRow);
  }
  return { problems, items: problems.length > 0 ? [] : items };
}

const fileProblem = (problem: string, message: string): FieldError => ({
  field: 'file',
  code: FieldErrorKeys.required,
  message,
  params: { problem },
});
