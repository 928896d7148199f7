import { FieldErrorKeys } from '@hcm/contracts';
import { AppError } from '../../../http/errors.ts';
import { locateFirstSheet } from '../../../resources/import/locate-first-sheet.ts';
import { readSharedStrings } from '../../../resources/import/read-shared-strings.ts';
import { fileProblem } from '../../../resources/import/read-upload.ts';
import {
  SharedString,
  columnLetters,
  parseCell,
  type CellValue,
  type RawCell,
} from '../../../resources/import/sheet-cells.ts';
import { streamXml } from '../../../resources/import/stream-xml.ts';
import { InflateBudget, notXlsx, zipEntries } from '../../../resources/import/zip-entries.ts';

export { CellProblem, type CellValue } from '../../../resources/import/sheet-cells.ts';

/** The shape a matrix sheet may have at most: its columns, and rows (the header's included). */
export interface MatrixBounds {
  columns: number;
  rows: number;
  /** what the columns and rows are, for the refusals (the coefficient matrix's when absent) */
  describe?: { columns: string; rows: string };
}

/** One row of the sheet as read: its Excel row number and one value per column (A first). */
export interface MatrixSheetRow {
  rowNumber: number;
  cells: CellValue[];
}

type Kept = (CellValue | SharedString)[];

const isBlank = (value: CellValue | SharedString) =>
  value === undefined || (typeof value === 'string' && value.trim() === '');

/** "B12" → column 1, row 12 (A1 style; absent parts undefined). */
function parseReference(reference: string | undefined): { column?: number; row?: number } {
  const match = /^([A-Z]{1,3})?(\d{1,7})?$/.exec(reference?.trim() ?? '');
  if (!match) return {};
  let column: number | undefined;
  if (match[1]) {
    column = 0;
    for (const letter of match[1]) column = column * 26 + (letter.charCodeAt(0) - 64);
    column -= 1;
  }
  return { column, row: match[2] === undefined ? undefined : Number(match[2]) };
}

/**
 * The rows of the first worksheet of a coefficient matrix, read by the bounded streaming pieces
 * of the import (resources/import: zip directory → counted inflate → SAX), with the matrix's own
 * bounds, which are much tighter than a resource import's: the sheet's declared used range
 * (<dimension>) is checked before any cell is read, and each <row> and each cell with a value
 * is checked as it streams past. A file wider or longer than the matrix is refused at the
 * first cell beyond it, naming that cell: a tiny file with a value in XFD1048576 costs nothing.
 * Every <row> counts, blank or not (by its number). Keeps at most `columns` values a row.
 */
export async function readMatrixSheet(file: Buffer, bounds: MatrixBounds): Promise<MatrixSheetRow[]> {
  const lastColumn = columnLetters(bounds.columns - 1);
  // `column`: 0-based, so the columns the file reaches are column + 1
  const beyondColumn = (at: string, column: number) =>
    fileProblem(
      FieldErrorKeys.max,
      `cell ${at} is beyond column ${lastColumn}: ${bounds.describe?.columns ?? `the matrix has ${bounds.columns} columns (grade code, grade name, one per step)`}`,
      { required: bounds.columns, actual: column + 1 },
    );
  const beyondRow = (row: number) =>
    fileProblem(
      FieldErrorKeys.max,
      `row ${row} is beyond row ${bounds.rows}: ${bounds.describe?.rows ?? `the matrix has a header and at most ${bounds.rows - 1} grade rows`} (blank rows count)`,
      { required: bounds.rows, actual: row },
    );
  const budget = new InflateBudget();
  try {
    const entries = zipEntries(file);
    const parts = await locateFirstSheet(file, entries, budget);
    const kept: { rowNumber: number; cells: Kept }[] = [];
    let finished = false;
    let rowNumber = 0;
    let column = -1;
    let cells: Kept = [];
    let cell: RawCell | undefined;
    let text: 'value' | 'inline' | undefined;
    let inPhonetic = false;
    await streamXml(file, parts.sheet, budget, {
      open(name, attributes) {
        if (finished) return;
        if (name === 'dimension') {
          // The range the file says it uses: refused before a single cell is read.
          const [, end = attributes.ref] = (attributes.ref ?? '').split(':');
          const last = parseReference(end);
          if (last.column !== undefined && last.column >= bounds.columns)
            throw beyondColumn(
              `${columnLetters(last.column)}${last.row ?? ''} (the sheet's used range ${attributes.ref ?? ''})`,
              last.column,
            );
          if (last.row !== undefined && last.row > bounds.rows) throw beyondRow(last.row);
        } else if (name === 'row') {
          const declared = Number(attributes.r);
          rowNumber = Number.isInteger(declared) && declared > rowNumber ? declared : rowNumber + 1;
          if (rowNumber > bounds.rows) throw beyondRow(rowNumber);
          column = -1;
          cells = [];
        } else if (name === 'c') {
          // Cells of a row ascend: a reference that does not is taken as the next column.
          const at = parseReference(attributes.r).column ?? -1;
          column = Math.max(at, column + 1);
          cell = { type: attributes.t ?? 'n', value: '', hasValue: false, hasFormula: false, inline: '' };
        } else if (!cell) return;
        else if (name === 'v') {
          text = 'value';
          cell.hasValue = true;
        } else if (name === 'f') cell.hasFormula = true;
        else if (name === 'rPh') inPhonetic = true;
        else if (name === 't' && !inPhonetic) text = 'inline';
      },
      close(name) {
        if (finished) return;
        if (name === 'sheetData') finished = true;
        else if (name === 'row') {
          if (cells.some((value) => !isBlank(value))) kept.push({ rowNumber, cells });
        } else if (name === 'c' && cell) {
          const value = parseCell(cell);
          cell = undefined;
          if (isBlank(value)) return;
          if (column >= bounds.columns) throw beyondColumn(`${columnLetters(column)}${rowNumber}`, column);
          cells[column] = value;
        } else if (name === 'v' || name === 't') text = undefined;
        else if (name === 'rPh') inPhonetic = false;
      },
      text(chunk) {
        if (!cell || !text || finished) return;
        const key = text === 'value' ? 'value' : 'inline';
        // A matrix cell is a code, a name or a number: 1,000 characters say all of them.
        if (cell[key].length < 1000) cell[key] += chunk.slice(0, 1000 - cell[key].length);
      },
      done: () => finished,
    });
    const strings = await readSharedStrings(
      file,
      parts.sharedStrings,
      budget,
      new Set(
        kept.flatMap(({ cells: row }) => row.flatMap((v) => (v instanceof SharedString ? [v.index] : []))),
      ),
    );
    return kept.map(({ rowNumber: number, cells: row }) => ({
      rowNumber: number,
      cells: Array.from({ length: bounds.columns }, (_, i) => {
        const value = row[i];
        return value instanceof SharedString ? strings.get(value.index) : value;
      }),
    }));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notXlsx(); // a buffer too short for what its zip records claim
  }
}
