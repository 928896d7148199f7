import { FieldErrorKeys, type FieldError } from '@hcm/contracts';
import { GeneralTimesheetLimits } from '@hcm/contracts/general-timesheet';
import { columnLetters } from '../../../resources/import/sheet-cells.ts';
import {
  CellProblem,
  readMatrixSheet,
  type CellValue,
} from '../../pm/position-coefficients/read-matrix-sheet.ts';
import {
  CODE_COLUMN,
  ExcelTexts,
  FIRST_DAY_COLUMN,
  HEADER_ROW,
  MAX_COLUMNS,
  TRAILING_ROWS_MAX,
} from './excel-layout.ts';

/** A worker's row of the file: its Excel row, the code, and one symbol per day ('' blank). */
export interface FileWorkerRow {
  readonly rowNumber: number;
  readonly code: string;
  readonly symbols: readonly (string | CellProblem)[];
}

/** What the file says: its unit's code and month (null when it does not say), and the workers' rows. */
export interface TimesheetFile {
  readonly unitCode: string | null;
  readonly month: string | null;
  /** the day numbers of the header, in order */
  readonly days: readonly number[];
  readonly headerRow: number;
  readonly rows: readonly FileWorkerRow[];
}

/**
 * A problem of the file, in the envelope's field errors: `params.problem` says which (the page
 * writes it in the user's language), `params.row` and `params.column` where ("H9").
 */
export const problemAt = (
  problem: string,
  message: string,
  at: { row?: number; column?: number } = {},
  values: Record<string, string | number> = {},
): FieldError => {
  const where =
    at.row !== undefined && at.column !== undefined
      ? `cell ${columnLetters(at.column - 1)}${at.row}: `
      : at.row !== undefined
        ? `row ${at.row}: `
        : '';
  return {
    field: 'file',
    code: FieldErrorKeys.invalidValue,
    message: `${where}${message}`,
    params: {
      problem,
      ...(at.row !== undefined ? { row: at.row } : {}),
      ...(at.column !== undefined ? { column: columnLetters(at.column - 1) } : {}),
      ...values,
    },
  };
};

export const textOf = (value: CellValue): string =>
  value instanceof CellProblem
    ? (value.shown ?? '')
    : value === undefined
      ? ''
      : String(value).trim().normalize('NFC');

const labelled = (value: CellValue, label: Readonly<Record<string, string>>) =>
  Object.values(label).some((text) => text.toLowerCase() === textOf(value).toLowerCase());

/** "Tháng 03 năm 2026", "Month 3 of 2026" → '2026-03'. */
function monthIn(text: string): string | null {
  const found = /(?:tháng|month)\s*(\d{1,2})\D+(\d{4})/iu.exec(text);
  if (!found) return null;
  const number = Number(found[1]);
  return number >= 1 && number <= 12 ? `${found[2]}-${String(number).padStart(2, '0')}` : null;
}

/** "Bộ phận: Xưởng may (XM)" → 'XM': the code between the line's last brackets. */
function unitCodeIn(text: string): string | null {
  const starts = Object.values(ExcelTexts.unit).some((label) =>
    text.toLowerCase().startsWith(label.toLowerCase()),
  );
  return starts ? (/\(([^()]+)\)\s*$/u.exec(text)?.[1]?.trim() ?? null) : null;
}

/**
 * Reads a workbook in the export's layout (excel-layout.ts), within bounds: the first sheet,
 * at most MAX_COLUMNS columns and a unit's workers plus the header and the trailing rows (the
 * bounded streaming reader of the imports: a zip bomb or a cell in XFD1 is refused before it
 * costs anything). The header row is found by its labels (the code's, in either language);
 * the days are the numbers after it; the unit and month are read from the lines above it. The
 * workers' rows run from below the weekday row to the legend's title.
 */
export async function readTimesheetFile(
  file: Buffer,
): Promise<{ file?: TimesheetFile; problems: FieldError[] }> {
  const rows = await readMatrixSheet(file, {
    columns: MAX_COLUMNS,
    rows: HEADER_ROW + 1 + GeneralTimesheetLimits.importWorkersMax + TRAILING_ROWS_MAX,
    describe: {
      columns: `the timesheet has at most ${MAX_COLUMNS} columns (4 of the worker, 31 days, the totals)`,
      rows: `the timesheet has at most ${GeneralTimesheetLimits.importWorkersMax} workers`,
    },
  });
  const header = rows.find((row) => row.cells.some((cell) => labelled(cell, ExcelTexts.code)));
  if (!header)
    return {
      problems: [
        problemAt(
          'noHeader',
          `no header row: the row with "${ExcelTexts.code.vi}" and the days 1, 2, 3… was not found (use the exported file as the template)`,
        ),
      ],
    };
  const codeColumn = header.cells.findIndex((cell) => labelled(cell, ExcelTexts.code)) + 1;
  const days: number[] = [];
  for (let column = codeColumn + FIRST_DAY_COLUMN - CODE_COLUMN; ; column += 1) {
    const value = header.cells[column - 1];
    const day = typeof value === 'number' ? value : Number(textOf(value) || Number.NaN);
    if (!Number.isInteger(day) || day < 1 || day > 31) break;
    days.push(day);
  }
  const above = rows
    .filter((row) => row.rowNumber < header.rowNumber)
    .flatMap((row) => row.cells.map(textOf));
  const month = above.map(monthIn).find((found) => found !== null) ?? null;
  const unitCode = above.map(unitCodeIn).find((found) => found !== null) ?? null;

  const firstDay = codeColumn + FIRST_DAY_COLUMN - CODE_COLUMN;
  const workers: FileWorkerRow[] = [];
  const problems: FieldError[] = [];
  for (const row of rows) {
    if (row.rowNumber <= header.rowNumber) continue;
    if (row.cells.some((cell) => labelled(cell, ExcelTexts.legend) || labelled(cell, legendTitle))) break;
    const code = textOf(row.cells[codeColumn - 1]);
    const symbols = days.map((_, i) => {
      const value = row.cells[firstDay - 1 + i];
      return value instanceof CellProblem ? value : textOf(value);
    });
    // the weekday letters under the day numbers
    if (row.rowNumber === header.rowNumber + 1 && code === '') continue;
    if (code === '') {
      if (symbols.some((symbol) => symbol !== ''))
        problems.push(
          problemAt('noCode', 'a row with symbols and no employee code', {
            row: row.rowNumber,
            column: codeColumn,
          }),
        );
      continue;
    }
    workers.push({ rowNumber: row.rowNumber, code, symbols });
  }
  return { file: { unitCode, month, days, headerRow: header.rowNumber, rows: workers }, problems };
}

/** The legend's title as the export writes it ("Ký hiệu chấm công:"). */
const legendTitle = Object.fromEntries(
  Object.entries(ExcelTexts.legend).map(([language, text]) => [language, `${text}:`]),
);
