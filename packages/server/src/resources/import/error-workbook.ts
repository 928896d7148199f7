import ExcelJS from 'exceljs';
import type { Language } from '../types.ts';
import { CellProblem, type CellValue, type Sheet } from './read-sheet.ts';

const ERRORS_HEADER = { vi: 'Lỗi', en: 'Errors' } as const;

const shown = (cell: CellValue) => (cell instanceof CellProblem ? cell.shown : (cell ?? null));

/**
 * The uploaded rows with the import's columns only (in the file's order, under the file's
 * headers) and one more column holding the messages of each bad row, so the user fixes the
 * file and imports it again (the errors column is then ignored). Never wider than the import:
 * whatever else the upload held is not echoed back.
 */
export async function errorWorkbook(
  sheet: Sheet,
  problems: Map<number, string[]>,
  language: Language,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const out = workbook.addWorksheet(language === 'vi' ? 'Lỗi nhập' : 'Import errors', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const width = sheet.columns.length;
  const header = out.addRow([...sheet.columns.map((c) => c.header), ERRORS_HEADER[language]]);
  header.font = { bold: true };
  out.getColumn(width + 1).width = 80;
  for (const { rowNumber, cells } of sheet.rows) {
    const messages = problems.get(rowNumber);
    const row = out.addRow([...cells.map(shown), messages ? messages.join('\n') : null]);
    if (messages) {
      const cell = row.getCell(width + 1);
      cell.font = { color: { argb: 'FFC00000' } };
      cell.alignment = { wrapText: true, vertical: 'top' };
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
