import { FieldErrorKeys, ImportLimits } from '@hcm/contracts';
import { AppError } from '../../http/errors.ts';
import type { ResourceDefinition } from '../types.ts';
import { locateFirstSheet } from './locate-first-sheet.ts';
import { matchColumns, type MatchedColumns, type SheetColumn } from './match-columns.ts';
import { readSharedStrings } from './read-shared-strings.ts';
import { fileProblem } from './read-upload.ts';
import {
  CellProblem,
  SharedString,
  columnLetters,
  parseCell,
  type CellValue,
  type RawCell,
} from './sheet-cells.ts';
import { streamXml } from './stream-xml.ts';
import { InflateBudget, notXlsx, zipEntries } from './zip-entries.ts';

export { CellProblem, type CellValue } from './sheet-cells.ts';
export type { SheetColumn } from './match-columns.ts';

/** One data row: its Excel row number and one cell per column of `Sheet.columns`. */
export interface SheetRow {
  rowNumber: number;
  cells: CellValue[];
}

/** The import columns the file has (in its order) and the rows, holding only those columns. */
export interface Sheet {
  columns: SheetColumn[];
  rows: SheetRow[];
}

const isBlank = (value: CellValue | SharedString) =>
  value === undefined || (typeof value === 'string' && value.trim() === '');

/** `rows`: the data rows counted so far (blank rows count), the first beyond the limit. */
const tooManyRows = (rows: number) =>
  fileProblem(FieldErrorKeys.max, `the file has more than ${ImportLimits.maxRows} rows (blank rows count)`, {
    required: ImportLimits.maxRows,
    actual: rows,
  });

/**
 * The rows of one worksheet as its XML streams past. What it keeps is bounded by the import,
 * not by the file: before the header, at most `maxColumns` columns; after it, only the cells
 * of the resource's import columns. A value right of the header is refused on the spot, so a
 * cell in column XFC never widens anything, and every <row>, blank or not, counts toward
 * `maxRows` (a row numbered lower than the one before still counts as the next one).
 */
class SheetReader {
  finished = false;
  private rowNumber = 0;
  private column = -1;
  private cell: RawCell | undefined;
  private text: 'value' | 'inline' | undefined;
  private inPhonetic = false;
  private rowCells: [number, CellValue | SharedString][] = [];
  private headerRow: number | undefined;
  private header: [number, CellValue | SharedString][] | undefined;
  private lastHeaderColumn = -1;
  private matched: MatchedColumns | undefined;
  /** rows read after the header and before its shared strings were looked up */
  private waiting: { rowNumber: number; cells: [number, CellValue | SharedString][] }[] = [];
  readonly rows: { rowNumber: number; cells: (CellValue | SharedString)[] }[] = [];

  constructor(private readonly definition: ResourceDefinition) {}

  open(name: string, attributes: Record<string, string>) {
    if (this.finished) return;
    if (name === 'row') this.startRow(attributes.r);
    else if (name === 'c') {
      this.column = columnOf(attributes.r, this.column);
      this.cell = { type: attributes.t ?? 'n', value: '', hasValue: false, hasFormula: false, inline: '' };
    } else if (!this.cell) return;
    else if (name === 'v') {
      this.text = 'value';
      this.cell.hasValue = true;
    } else if (name === 'f') this.cell.hasFormula = true;
    else if (name === 'rPh') this.inPhonetic = true;
    else if (name === 't' && !this.inPhonetic) this.text = 'inline';
  }

  close(name: string) {
    if (this.finished) return;
    if (name === 'sheetData') this.finished = true;
    else if (name === 'row') this.endRow();
    else if (name === 'c' && this.cell) {
      this.place(parseCell(this.cell));
      this.cell = undefined;
    } else if (name === 'v' || name === 't') this.text = undefined;
    else if (name === 'rPh') this.inPhonetic = false;
  }

  addText(chunk: string) {
    const cell = this.cell;
    if (!cell || !this.text || this.finished) return;
    const key = this.text === 'value' ? 'value' : 'inline';
    if (cell[key].length < ImportLimits.maxCellChars)
      cell[key] += chunk.slice(0, ImportLimits.maxCellChars - cell[key].length);
  }

  private startRow(r: string | undefined) {
    const declared = Number(r);
    this.rowNumber = Number.isInteger(declared) && declared > this.rowNumber ? declared : this.rowNumber + 1;
    const dataRows = this.rowNumber - (this.headerRow ?? 1);
    if (dataRows > ImportLimits.maxRows) throw tooManyRows(dataRows);
    this.column = -1;
    this.rowCells = [];
  }

  private place(value: CellValue | SharedString) {
    if (isBlank(value)) return;
    const at = `${columnLetters(this.column)}${this.rowNumber}`;
    if (!this.header) {
      if (this.column >= ImportLimits.maxColumns)
        throw fileProblem(
          FieldErrorKeys.max,
          `cell ${at} is beyond column ${columnLetters(ImportLimits.maxColumns - 1)}: an import reads at most ${ImportLimits.maxColumns} columns`,
          { required: ImportLimits.maxColumns, actual: this.column + 1 },
        );
    } else if (this.column > this.lastHeaderColumn)
      throw fileProblem(
        FieldErrorKeys.invalidValue,
        `cell ${at} has a value right of the header's last column (${columnLetters(this.lastHeaderColumn)}): remove it or give its column a header`,
      );
    else if (this.matched && !this.matched.positionOf.has(this.column)) return; // a column not imported
    this.rowCells.push([this.column, value]);
  }

  private endRow() {
    const cells = this.rowCells;
    if (cells.length === 0) return;
    if (!this.header) {
      this.header = cells;
      this.headerRow = this.rowNumber;
      this.lastHeaderColumn = Math.max(...cells.map(([column]) => column));
    } else if (!this.matched) this.waiting.push({ rowNumber: this.rowNumber, cells });
    else this.keep(this.rowNumber, cells, this.matched);
  }

  private keep(rowNumber: number, cells: [number, CellValue | SharedString][], matched: MatchedColumns) {
    const row: (CellValue | SharedString)[] = Array.from({ length: matched.columns.length }, () => undefined);
    for (const [column, value] of cells) {
      const position = matched.positionOf.get(column);
      if (position !== undefined) row[position] = value;
    }
    this.rows.push({ rowNumber, cells: row });
  }

  /** Once the header row is read: its texts (shared strings looked up), matched to the import. */
  async matchHeader(lookUp: (wanted: Set<number>) => Promise<Map<number, string>>) {
    if (!this.header || this.matched) return;
    const strings = await lookUp(
      new Set(this.header.flatMap(([, v]) => (v instanceof SharedString ? [v.index] : []))),
    );
    const texts = new Map(
      this.header.map(([column, v]) => [
        column,
        v instanceof SharedString ? (strings.get(v.index) ?? '') : plainText(v),
      ]),
    );
    this.matched = matchColumns(this.definition, texts);
    for (const { rowNumber, cells } of this.waiting) this.keep(rowNumber, cells, this.matched);
    this.waiting = [];
  }

  get columns(): SheetColumn[] | undefined {
    return this.matched?.columns;
  }
}

const plainText = (value: CellValue) =>
  value instanceof CellProblem ? (value.shown ?? '') : String(value ?? '');

/**
 * The column of a cell (0 = A): from its reference (A1 style), or the one after the previous
 * cell. Cells of a row ascend (ECMA-376), so a reference that does not is taken as the next
 * column: however a row repeats "A2", it holds at most 16,384 cells (A to XFD).
 */
function columnOf(reference: string | undefined, previous: number): number {
  let column = 0;
  let i = 0;
  for (; reference && i < reference.length && i < 4; i++) {
    const code = reference.charCodeAt(i);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  const next = Math.max(column - 1, previous + 1);
  if (next >= 16_384) throw notXlsx();
  return next;
}

/**
 * Reads the first worksheet of an xlsx file for an import of `definition`: a bounded
 * streaming reader of our own (zip central directory → inflate counted against
 * `maxUncompressedBytes` → SAX), keeping only the import's columns. Formulas count by the
 * result Excel saved with them; cell formats are not read (a date cell is its serial number).
 */
export async function readFirstSheet(file: Buffer, definition: ResourceDefinition): Promise<Sheet> {
  const budget = new InflateBudget();
  try {
    const entries = zipEntries(file);
    const parts = await locateFirstSheet(file, entries, budget);
    const lookUp = (wanted: Set<number>) => readSharedStrings(file, parts.sharedStrings, budget, wanted);
    const reader = new SheetReader(definition);
    await streamXml(file, parts.sheet, budget, {
      open: (name, attributes) => reader.open(name, attributes),
      close: (name) => reader.close(name),
      text: (chunk) => reader.addText(chunk),
      done: () => reader.finished,
      afterChunk: () => reader.matchHeader(lookUp),
    });
    await reader.matchHeader(lookUp);
    const columns = reader.columns;
    if (!columns) throw fileProblem(FieldErrorKeys.required, 'the first sheet is empty');
    const strings = await lookUp(
      new Set(
        reader.rows.flatMap(({ cells }) =>
          cells.flatMap((v) => (v instanceof SharedString ? [v.index] : [])),
        ),
      ),
    );
    const rows: SheetRow[] = [];
    for (const { rowNumber, cells } of reader.rows) {
      const values = cells.map((v) => (v instanceof SharedString ? strings.get(v.index) : v));
      if (!values.every(isBlank)) rows.push({ rowNumber, cells: values });
    }
    return { columns, rows };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notXlsx(); // a buffer too short for what its zip records claim
  }
}
