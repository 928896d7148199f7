import { ImportLimits } from '@hcm/contracts';
import { describe, expect, it } from 'vitest';
import { jobTitleResource } from '../../services/om/categories/category-resources.ts';
import { workbookOf } from '../testing/kit.ts';
import { readFirstSheet } from './read-sheet.ts';
import { inlineCell, rawXlsx, SHEET_END, SHEET_START } from './testing/raw-xlsx.ts';

/** The message of what `work` throws (an AppError's status and message). */
async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    const { statusCode, message } = error as { statusCode?: number; message: string };
    return { statusCode, message };
  }
  throw new Error('expected a refusal');
}

const row = (r: number, cells: string[]) =>
  `<row r="${r}">${cells.map((text, i) => inlineCell(`${String.fromCharCode(65 + i)}${r}`, text)).join('')}</row>`;

describe('readFirstSheet: bounded by the import', () => {
  it('keeps only the import columns, in the file order, whatever else the header has', async () => {
    const file = await workbookOf([
      ['Ghi chú', 'Tên', 'Mã', 'Cột khác'],
      ['một ghi chú', 'Tên một', 'CODE_0001', 'x'.repeat(5000)],
    ]);
    const sheet = await readFirstSheet(file, jobTitleResource);
    expect(sheet.columns).toEqual([
      { name: 'name', header: 'Tên' },
      { name: 'code', header: 'Mã' },
    ]);
    expect(sheet.rows).toEqual([{ rowNumber: 2, cells: ['Tên một', 'CODE_0001'] }]);
  });

  it('counts the bytes it inflates, not the sizes the zip declares', async () => {
    const filler = `<row r="2">${'<c s="1"/>'.repeat(1000)}</row>`;
    const rows = Math.ceil((ImportLimits.maxUncompressedBytes * 1.2) / filler.length);
    const file = await rawXlsx(
      (function* () {
        yield SHEET_START + row(1, ['Mã', 'Tên']);
        for (let i = 0; i < rows; i++) yield filler;
        yield SHEET_END;
      })(),
    );
    // Make every entry claim to unpack to 100 bytes, in the central directory and local headers.
    for (let at = 0; at + 4 <= file.length; at++) {
      const signature = file.readUInt32LE(at);
      if (signature === 0x02014b50) file.writeUInt32LE(100, at + 24);
      if (signature === 0x04034b50) file.writeUInt32LE(100, at + 22);
    }
    const refused = await refusal(readFirstSheet(file, jobTitleResource));
    expect(refused.statusCode).toBe(413);
    expect(refused.message).toMatch(/unpacks to more than/);
  });

  it('counts rows from the header down, blank ones too', async () => {
    const blank = Array.from({ length: ImportLimits.maxRows - 1 }, () => '<row/>').join('');
    const atTheLimit = `${SHEET_START}<row r="1"/>${row(3, ['Mã', 'Tên'])}${row(4, ['CODE_0001', 'Một'])}${blank}`;
    const sheet = await readFirstSheet(await rawXlsx(`${atTheLimit}${SHEET_END}`), jobTitleResource);
    expect(sheet.rows).toEqual([{ rowNumber: 4, cells: ['CODE_0001', 'Một'] }]);
    const refused = await refusal(
      readFirstSheet(
        await rawXlsx(`${atTheLimit}${row(20_000, ['CODE_0002', 'Hai'])}${SHEET_END}`),
        jobTitleResource,
      ),
    );
    expect(refused).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/more than 10000 rows/),
    });
  });

  it('takes a row number lower than the one before as the next row, so numbers cannot dodge the count', async () => {
    const repeated = Array.from({ length: ImportLimits.maxRows + 1 }, () => '<row r="2"/>').join('');
    const refused = await refusal(
      readFirstSheet(
        await rawXlsx(`${SHEET_START}${row(1, ['Mã', 'Tên'])}${repeated}${SHEET_END}`),
        jobTitleResource,
      ),
    );
    expect(refused.message).toMatch(/more than 10000 rows/);
  });
});
