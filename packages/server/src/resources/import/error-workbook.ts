import ExcelJS from 'exceljs';
import type { Language } from '../types.ts';
import type { Sheet } from './read-sheet.ts';

const ERRORS_HEADER = { vi: 'Lỗi', en: 'Errors' } as const;

/**
 * The uploaded rows as they came, with one more column holding the messages of each bad row,
 * so the user fixes the file in place and imports it again (the column is then ignored).
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
  const width = Math.max(sheet.header.length, ...sheet.rows.map((r) => r.cells.length));
  const pad = (cells: unknown[]) => Array.from({ length: width }, (_, i) => cells[i] ?? null);
  const header = out.addRow([...pad(sheet.header), ERRORS_HEADER[language]]);
  header.font = { bold: true };
  out.getColumn(width + 1).width = 80;
  for (const { rowNumber, cells } of sheet.rows) {
    const messages = problems.get(rowNumber);
    const row = out.addRow([...pad(cells), messages ? messages.join('\n') : null]);
    if (messages) {
      const cell = row.getCell(width + 1);
      cell.font = { color: { argb: 'FFC00000' } };
      cell.alignment = { wrapText: true, vertical: 'top' };
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
