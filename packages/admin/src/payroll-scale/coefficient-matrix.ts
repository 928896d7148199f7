import {
  SALARY_SCALES,
  coefficientField,
  type SalaryScale,
  type SalaryScaleRow,
} from '@hcm/contracts/position-coefficients';
import type { FieldError } from '@hcm/ui';

/** One grade row of the matrix as the form keeps it: the grade's id and a decimal string (or null) per step. */
export type MatrixRow = Record<string, string | null | undefined>;

/** A line of the matrix: a grade and the steps it has (a grade the table holds that is no longer active: none known). */
export interface GradeLine {
  readonly salaryGradeId: string;
  readonly code: string;
  readonly name: string;
  readonly scales: readonly SalaryScale[];
  /** false: a grade of the stored table that /salary-scales no longer lists (inactive) */
  readonly active: boolean;
}

const gradeOf = (row: MatrixRow) => String(row.salaryGradeId ?? '');
const hasValue = (value: string | null | undefined) => value !== null && value !== undefined && value !== '';

/**
 * The lines of the matrix: every ACTIVE grade in the order /salary-scales gives (priority),
 * then the grades the table holds that are not among them, drawn with the steps they have a
 * value on, so nothing stored is hidden.
 */
export function matrixLines(grades: readonly SalaryScaleRow[], rows: readonly MatrixRow[]): GradeLine[] {
  const known = new Set(grades.map((grade) => grade.salaryGradeId));
  const others = rows
    .filter((row) => !known.has(gradeOf(row)))
    .map((row) => ({
      salaryGradeId: gradeOf(row),
      code: '',
      name: '',
      scales: SALARY_SCALES.filter((scale) => hasValue(row[coefficientField(scale)])),
      active: false,
    }));
  return [...grades.map((grade) => ({ ...grade, active: true })), ...others];
}

/** The row of a grade, if the table has one. */
export const rowOfGrade = (rows: readonly MatrixRow[], salaryGradeId: string) =>
  rows.find((row) => gradeOf(row) === salaryGradeId);

/** A row of the grade with the given values (every step present, null where empty). */
function rowWith(salaryGradeId: string, values: Partial<Record<SalaryScale, string | null>>): MatrixRow {
  const row: MatrixRow = { salaryGradeId };
  for (const scale of SALARY_SCALES) row[coefficientField(scale)] = values[scale] ?? null;
  return row;
}

const valuesOf = (row: MatrixRow | undefined) =>
  Object.fromEntries(SALARY_SCALES.map((scale) => [scale, row?.[coefficientField(scale)] ?? null])) as Record<
    SalaryScale,
    string | null
  >;

/**
 * The rows after one cell changed, in the order of the lines: a grade gets its row with its
 * first value and loses it with its last (the table then says nothing of that grade).
 */
export function withCell(
  lines: readonly GradeLine[],
  rows: readonly MatrixRow[],
  salaryGradeId: string,
  scale: SalaryScale,
  value: string | null,
): MatrixRow[] {
  return lines.flatMap((line) => {
    const values = valuesOf(rowOfGrade(rows, line.salaryGradeId));
    if (line.salaryGradeId === salaryGradeId) values[scale] = value;
    return Object.values(values).some(hasValue) ? [rowWith(line.salaryGradeId, values)] : [];
  });
}

/**
 * The rows of another table (the latest in force) for a new one: only the ACTIVE grades and
 * only the steps each has now, so a copy never carries a value the server would refuse.
 */
export function copiedRows(grades: readonly SalaryScaleRow[], rows: readonly MatrixRow[]): MatrixRow[] {
  return grades.flatMap((grade) => {
    const source = valuesOf(rowOfGrade(rows, grade.salaryGradeId));
    const values: Partial<Record<SalaryScale, string | null>> = {};
    for (const scale of grade.scales) values[scale] = source[scale];
    return Object.values(values).some(hasValue) ? [rowWith(grade.salaryGradeId, values)] : [];
  });
}

/** The key of a cell: the grade and the step. */
export const cellKey = (salaryGradeId: string, scale: SalaryScale) => `${salaryGradeId}:${scale}`;

/**
 * The server's errors on cells (`salaryGrades[2].coefficient3`, `salaryGrades[2].salaryGradeId`)
 * by cell key, read against the rows that were sent: an error on the grade marks its every cell.
 */
export function cellErrorsOf(
  name: string,
  rows: readonly MatrixRow[],
  serverErrors: Readonly<Record<string, FieldError>>,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const pattern = new RegExp(`^${name}\\[(\\d+)\\]\\.(\\w+)$`);
  for (const [key, error] of Object.entries(serverErrors)) {
    const match = pattern.exec(key);
    const row = match ? rows[Number(match[1])] : undefined;
    if (!match || !row) continue;
    const scales = SALARY_SCALES.filter((scale) => match[2] === coefficientField(scale));
    for (const scale of scales.length > 0 ? scales : SALARY_SCALES)
      errors[cellKey(gradeOf(row), scale)] = error;
  }
  return errors;
}

/** Whether a value is a coefficient the server refuses for being 0. */
export const isZero = (value: string | null | undefined) => hasValue(value) && Number(value) === 0;
