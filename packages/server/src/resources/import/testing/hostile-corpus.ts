import { ImportLimits } from '@hcm/contracts';
import ExcelJS from 'exceljs';
import {
  rawXlsx,
  rawZip,
  SHEET_END,
  SHEET_START,
  STRINGS_END,
  STRINGS_START,
  inlineCell,
} from './raw-xlsx.ts';

/**
 * Hostile workbooks for a job-title import (columns Mã, Tên, Mô tả, Thứ tự ưu tiên), built in
 * code: the tests and bench/import-hostile.ts send each one and compare with `answer`.
 */
export interface HostileWorkbook {
  name: string;
  file: Buffer;
  /** how much XML it unpacks to, when that is the point of it */
  unpacksTo?: number;
  answer:
    | { status: 400 | 413; envelope: RegExp }
    /** the error workbook: the import's 4 columns plus the errors column, and these messages */
    | { status: 400; errorWorkbook: RegExp[] };
}

export const HEADER = ['Mã', 'Tên', 'Mô tả', 'Thứ tự ưu tiên'];
const MB = 1024 * 1024;
const UNPACKED = new RegExp(`unpacks to more than ${ImportLimits.maxUncompressedBytes / MB} MB`);

async function workbook(build: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  build(book.addWorksheet('Data'));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** `count` copies of `unit`, as chunks of about 1 MB: the XML of a bomb, never whole in memory. */
function* repeated(start: string, unit: string, count: number, end: string): Generator<string> {
  yield start;
  const perChunk = Math.max(1, Math.floor(MB / unit.length));
  for (let left = count; left > 0; left -= perChunk) yield unit.repeat(Math.min(perChunk, left));
  yield end;
}

const headerRow = `<row r="1">${HEADER.map((h, i) => inlineCell(`${'ABCD'[i]}1`, h)).join('')}</row>`;

/** 10,000 rows that all fail (a bad code), as in the incident that took the server down. */
const failingRows = (sheet: ExcelJS.Worksheet) => {
  sheet.addRow(HEADER);
  for (let i = 0; i < 10_000; i++) sheet.addRow([`x!${i}`, `Sai ${i}`, null, i]);
};

export async function hostileWorkbooks(): Promise<HostileWorkbook[]> {
  const blankRows = 3_000_000;
  const blankRow = '<row spans="1:4" s="1" customFormat="1" ht="15" customHeight="1"/>';
  // 1.5 times the inflate cap is enough: the reader stops at the cap whatever follows.
  const emptyCellRows = 300;
  const emptyCellRow = `<row>${'<c s="1"/>'.repeat(16_384)}</row>`;
  const filler = 3_000_000;
  const fillerString = '<si><t>x</t></si>';
  return [
    {
      name: 'a cell in column XFC after 10,000 failing rows',
      file: await workbook((sheet) => {
        failingRows(sheet);
        sheet.getCell('XFC5').value = 'far away';
      }),
      answer: { status: 400, envelope: /cell XFC5 has a value right of the header's last column \(D\)/ },
    },
    {
      name: 'a header 16,384 columns wide',
      file: await workbook((sheet) => {
        sheet.addRow([...HEADER, ...Array.from({ length: 16_384 - HEADER.length }, (_, i) => `Cột ${i}`)]);
        sheet.addRow(['WIDE_001', 'Rộng']);
      }),
      answer: { status: 400, envelope: /cell CW1 is beyond column CV/ },
    },
    {
      name: 'a column the import does not have, far right, with 10,000 failing rows',
      file: await workbook((sheet) => {
        failingRows(sheet);
        sheet.getCell('CV1').value = 'Ghi chú';
        for (let row = 2; row <= 10_001; row++) sheet.getCell(`CV${row}`).value = 'ghi chú dài '.repeat(20);
      }),
      answer: { status: 400, errorWorkbook: [/^Mã: sai định dạng/] },
    },
    {
      name: 'a blank-row bomb',
      file: await rawXlsx(repeated(`${SHEET_START}${headerRow}`, blankRow, blankRows, SHEET_END)),
      unpacksTo: blankRows * blankRow.length,
      answer: { status: 400, envelope: /more than 10000 rows \(blank rows count\)/ },
    },
    {
      name: 'an empty-cell bomb (rows of styled empty cells out to XFD)',
      file: await rawXlsx(repeated(`${SHEET_START}${headerRow}`, emptyCellRow, emptyCellRows, SHEET_END)),
      unpacksTo: emptyCellRows * emptyCellRow.length,
      answer: { status: 413, envelope: UNPACKED },
    },
    {
      name: 'a shared-strings bomb (3 million strings, the last one used)',
      file: await rawXlsx(
        `${SHEET_START}<row r="1">${HEADER.map((_, i) => `<c r="${'ABCD'[i]}1" t="s"><v>${i}</v></c>`).join('')}</row>` +
          `<row r="2"><c r="A2" t="s"><v>${HEADER.length + filler - 1}</v></c></row>${SHEET_END}`,
        repeated(
          `${STRINGS_START}${HEADER.map((h) => `<si><t>${h}</t></si>`).join('')}`,
          fillerString,
          filler,
          STRINGS_END,
        ),
      ),
      unpacksTo: filler * fillerString.length,
      answer: { status: 413, envelope: UNPACKED },
    },
    {
      name: 'a row of 16,385 cells (one reference repeated)',
      file: await rawXlsx(
        repeated(`${SHEET_START}${headerRow}<row r="2">`, '<c r="A2" s="1"/>', 16_385, `</row>${SHEET_END}`),
      ),
      answer: { status: 400, envelope: /not an xlsx workbook/ },
    },
    {
      name: 'an entity bomb (DOCTYPE)',
      file: await rawXlsx(
        `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>` +
          `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${headerRow}` +
          `<row r="2">${inlineCell('A2', 'BOMB_001')}<c r="B2" t="inlineStr"><is><t>&lol2;</t></is></c></row>${SHEET_END}`,
      ),
      answer: { status: 400, envelope: /not an xlsx workbook/ },
    },
    {
      name: 'formulas with an error result and with no result',
      file: await workbook((sheet) => {
        sheet.addRow(HEADER);
        sheet.addRow([
          'FORM_001',
          { formula: '"Tên "&1', result: 'Tên 1' },
          null,
          { formula: '1+1', result: 2 },
        ]);
        sheet.addRow(['FORM_002', 'Chia cho 0', null, { formula: '1/0', result: { error: '#DIV/0!' } }]);
        sheet.addRow(['FORM_003', { formula: 'CONCAT("a","b")' }, null, 3]);
      }),
      answer: {
        status: 400,
        errorWorkbook: [/^$/, /^Thứ tự ưu tiên: công thức cho kết quả lỗi/, /^Tên: công thức chưa được tính/],
      },
    },
    {
      name: 'dates written as text in a number column',
      file: await workbook((sheet) => {
        sheet.addRow(HEADER);
        sheet.addRow(['DATE_001', 'Ngày một', null, '05/01/2024']);
        sheet.addRow(['DATE_002', 'Ngày hai', null, '2024-01-05']);
      }),
      answer: { status: 400, errorWorkbook: [/^Thứ tự ưu tiên: /, /^Thứ tự ưu tiên: /] },
    },
    {
      name: 'merged cells (a code merged over three rows)',
      file: await workbook((sheet) => {
        sheet.addRow(HEADER);
        sheet.addRow(['MERGE_01', 'Gộp một', null, 1]);
        sheet.addRow([null, 'Gộp hai', null, 2]);
        sheet.addRow([null, 'Gộp ba', null, 3]);
        sheet.mergeCells('A2:A4');
      }),
      answer: { status: 400, errorWorkbook: [/^$/, /^Mã: bắt buộc/, /^Mã: bắt buộc/] },
    },
    {
      name: 'a PNG renamed .xlsx',
      file: Buffer.concat([
        Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
        Buffer.alloc(64),
      ]),
      answer: { status: 400, envelope: /not an xlsx workbook/ },
    },
    {
      name: 'a zip without a workbook',
      file: await rawZip([{ name: 'hello.txt', text: 'hello' }]),
      answer: { status: 400, envelope: /not an xlsx workbook/ },
    },
    {
      name: 'a text file renamed .xlsx',
      file: Buffer.from('Mã,Tên\nTEXT_001,Văn bản\n'),
      answer: { status: 400, envelope: /not an xlsx workbook/ },
    },
  ];
}
