import { FieldErrorKeys, type FieldError, type Language } from '@hcm/contracts';
import { LookupTableLabels, LookupTableLimits, type LookupRow } from '@hcm/contracts/payroll-lookup-tables';
import ExcelJS from 'exceljs';
import { validationFailed } from '../../../http/errors.ts';
import { columnLetters } from '../../../resources/import/sheet-cells.ts';
import { dateCell, DATE_FORMAT, isoDateOf } from '../../../resources/xlsx/sheet-values.ts';
import { sheetName } from '../../../resources/xlsx/xlsx.ts';
import { CellProblem, readMatrixSheet, type CellValue } from '../position-coefficients/read-matrix-sheet.ts';
import type { TableShape } from './validate.ts';

/*
 * A version of a lookup table as a sheet and back (docs/payroll-variables.md, "Export and
 * import"): row 1 the headers, then a row per key (or band): column A the key (a band's upper
 * bound, empty for the open last band), then one column per value column in the table's order. A
 * PERCENT value is the figure (5 for 5 %), as the version stores it. The export is the import's
 * template: the file is read by position, within the table's own bounds (the bounded reader of
 * the payroll scale's matrix), and the rows then get the version's checks (validate.ts).
 */

export interface SheetTable extends TableShape {
  readonly code: string;
  readonly name: string;
  readonly columns: readonly {
    code: string;
    type: TableShape['columns'][number]['type'];
    name?: string;
    nameEn?: string | null;
  }[];
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

function header(table: SheetTable, language: Language): string[] {
  const key = table.kind === 'band' ? LookupTableLabels.upTo : LookupTableLabels.key;
  return [
    key[language],
    ...table.columns.map((column) => {
      const name = language === 'en' ? (column.nameEn ?? column.name) : column.name;
      return name ? `${name} (${column.code})` : column.code;
    }),
  ];
}

const cellOf = (type: string, value: string | number | null | undefined): ExcelJS.CellValue => {
  if (value === null || value === undefined) return null;
  if (type === 'DATE' && typeof value === 'string') return dateCell(value);
  return value;
};

/** The version's rows as a workbook of one sheet. */
export async function versionWorkbook(
  table: SheetTable,
  rows: readonly LookupRow[],
  language: Language,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(table.code));
  sheet.addRow(header(table, language));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows)
    sheet.addRow([
      cellOf(table.keyType, row.key),
      ...table.columns.map((column) => cellOf(column.type, row.values[column.code])),
    ]);
  sheet.columns.forEach((column, index) => {
    column.width = index === 0 ? 22 : 20;
    const type = index === 0 ? table.keyType : table.columns[index - 1]?.type;
    if (type === 'DATE') column.numFmt = DATE_FORMAT;
    else if (type === 'MONEY' || type === 'INTEGER') column.numFmt = '#,##0';
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const NUMERIC = new Set(['INTEGER', 'MONEY', 'DOUBLE', 'PERCENT', 'NUMBER']);

/** A cell as the version keeps it: numbers as numbers ("1.500.000" and "1,500,000" read too), dates as ISO. */
function valueOf(type: string, cell: CellValue): string | number | null | CellProblem {
  if (cell instanceof CellProblem) return cell;
  if (cell === undefined) return null;
  if (typeof cell === 'string' && cell.trim() === '') return null;
  if (NUMERIC.has(type)) {
    if (typeof cell === 'number') return cell;
    const text = String(cell).trim().replace(/\s/g, '');
    const plain = /^-?\d{1,3}([.,]\d{3})+$/.test(text) ? text.replace(/[.,]/g, '') : text.replace(',', '.');
    const number = Number(plain);
    return Number.isFinite(number) && plain !== '' ? number : String(cell);
  }
  if (type === 'DATE') {
    if (typeof cell === 'number')
      return new Date(EXCEL_EPOCH + Math.round(cell) * 86_400_000).toISOString().slice(0, 10);
    return isoDateOf(String(cell).trim()) ?? String(cell);
  }
  return typeof cell === 'number' ? String(cell) : String(cell).trim().normalize('NFC');
}

const cellError = (row: number, column: number, message: string): FieldError => ({
  field: 'file',
  code: FieldErrorKeys.invalidValue,
  message: `cell ${columnLetters(column)}${row}: ${message}`,
  params: { row, column: columnLetters(column) },
});

/**
 * The rows of an uploaded sheet of `table`'s layout. A file wider than the table's columns or
 * longer than LookupTableLimits.rowsMax is refused at the first cell beyond; a cell holding a
 * formula error is refused naming it; blank rows are skipped. The rows are not yet checked
 * against the table (checkRows does that, naming `rows[i]`, which is sheet row i + 2).
 */
export async function readVersionSheet(file: Buffer, table: SheetTable): Promise<LookupRow[]> {
  const width = table.columns.length + 1;
  const read = await readMatrixSheet(file, {
    columns: width,
    rows: LookupTableLimits.rowsMax + 1,
    describe: {
      columns: `the key and the ${table.columns.length} value columns`,
      rows: 'the rows of a version',
    },
  });
  const errors: FieldError[] = [];
  const rows: LookupRow[] = [];
  for (const { rowNumber, cells } of read) {
    if (rowNumber === 1) continue;
    if (cells.every((cell) => cell === undefined || (typeof cell === 'string' && cell.trim() === '')))
      continue;
    const key = valueOf(table.keyType, cells[0]);
    if (key instanceof CellProblem) {
      errors.push(cellError(rowNumber, 0, 'the cell holds a formula error'));
      continue;
    }
    const values: Record<string, string | number> = {};
    table.columns.forEach((column, index) => {
      const value = valueOf(column.type, cells[index + 1]);
      if (value instanceof CellProblem)
        errors.push(cellError(rowNumber, index + 1, 'the cell holds a formula error'));
      else if (value !== null) values[column.code] = value;
    });
    rows.push({ key, values });
  }
  if (errors.length > 0) throw validationFailed(errors, 'The file has cells that cannot be read');
  if (rows.length === 0)
    throw validationFailed(
      [{ field: 'file', code: FieldErrorKeys.required, message: 'the sheet has no row under its header' }],
      'The file has no rows',
    );
  return rows;
}
