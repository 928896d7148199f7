import { Readable } from 'node:stream';
import { FieldErrorKeys, ImportLimits } from '@hcm/contracts';
import ExcelJS from 'exceljs';
import { fileProblem } from './read-upload.ts';

/** One data row of the sheet: its Excel row number and its cells (index 0 = column A). */
export interface SheetRow {
  rowNumber: number;
  cells: unknown[];
}

export interface Sheet {
  header: string[];
  rows: SheetRow[];
}

/** A cell's plain value: rich text joined, a formula's result, a hyperlink's text. */
export function plainCell(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value && Array.isArray(value.richText))
    return value.richText.map((part: { text?: string }) => part.text ?? '').join('');
  if ('result' in value) return plainCell(value.result);
  if ('text' in value) return plainCell(value.text);
  if ('error' in value) return String(value.error);
  return undefined;
}

const isBlank = (value: unknown) => value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * Reads the first worksheet of an xlsx file row by row (exceljs's streaming reader), stopping
 * as soon as there are more data rows than ImportLimits.maxRows. Blank rows are skipped.
 */
export async function readFirstSheet(file: Buffer): Promise<Sheet> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let header: string[] | undefined;
  const rows: SheetRow[] = [];
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = Array.isArray(row.values) ? row.values.slice(1).map(plainCell) : [];
        if (values.every(isBlank)) continue;
        if (!header) {
          header = values.map((v) => (v === undefined ? '' : String(v).trim()));
          continue;
        }
        if (rows.length === ImportLimits.maxRows)
          throw fileProblem(FieldErrorKeys.max, `the file has more than ${ImportLimits.maxRows} rows`);
        rows.push({ rowNumber: row.number, cells: values });
      }
      break;
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw fileProblem(FieldErrorKeys.invalidValue, 'it is not an xlsx workbook');
  }
  if (!header) throw fileProblem(FieldErrorKeys.required, 'the first sheet is empty');
  return { header, rows };
}
