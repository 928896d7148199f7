import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { cellOf } from '../export/cell-values.ts';
import type { Language } from '../types.ts';
import { CellProblem, type CellValue, type Sheet } from './read-sheet.ts';

const ERRORS_HEADER = { vi: 'Lỗi', en: 'Errors' } as const;
/** rows written between two turns of the event loop */
const ROWS_PER_TURN = 500;

const shown = (name: string, cell: CellValue) =>
  cellOf(name, cell instanceof CellProblem ? cell.shown : (cell ?? null));

/**
 * The uploaded rows with the import's columns only (in the file's order, under the file's
 * headers) and one more column holding the messages of each bad row, so the user fixes the
 * file and imports it again (the errors column is then ignored). Never wider than the import:
 * whatever else the upload held is not echoed back. Written with exceljs's streaming writer,
 * giving the event loop a turn every ROWS_PER_TURN rows: 10,000 bad rows never stall other
 * requests for the whole build. Formula-like text is written as text (export/cell-values.ts).
 */
export async function errorWorkbook(
  sheet: Sheet,
  problems: Map<number, string[]>,
  language: Language,
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => out.on('end', resolve).on('error', reject));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const book = workbook.addWorksheet(language === 'vi' ? 'Lỗi nhập' : 'Import errors', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const width = sheet.columns.length;
  book.columns = [...sheet.columns.map(() => ({ width: 20 })), { width: 80 }];
  const header = book.addRow([
    ...sheet.columns.map((c) => cellOf(c.name, c.header)),
    ERRORS_HEADER[language],
  ]);
  header.font = { bold: true };
  header.commit();
  let written = 0;
  for (const { rowNumber, cells } of sheet.rows) {
    const messages = problems.get(rowNumber);
    const row = book.addRow([
      ...cells.map((cell, i) => shown(sheet.columns[i]?.name ?? '', cell)),
      messages ? messages.join('\n') : null,
    ]);
    if (messages) {
      const cell = row.getCell(width + 1);
      cell.font = { color: { argb: 'FFC00000' } };
      cell.alignment = { wrapText: true, vertical: 'top' };
    }
    row.commit();
    if (++written % ROWS_PER_TURN === 0) await nextTurn();
  }
  book.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}
