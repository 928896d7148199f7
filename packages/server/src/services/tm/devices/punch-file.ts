import { FieldErrorKeys } from '@hcm/contracts';
import { validationFailed } from '../../../http/errors.ts';
import {
  CellProblem,
  readMatrixSheet,
  type CellValue,
} from '../../pm/position-coefficients/read-matrix-sheet.ts';

/*
 * What a punch file says (docs/attendance-devices.md, "Importing punches"): a CSV, as any
 * attendance program saves, or an .xlsx workbook's first sheet, as HR keeps them: a header row
 * naming the columns (in Vietnamese or English), then one punch a row.
 */

/** The header names understood, in Vietnamese or English, compared without case or accents. */
const HEADERS = {
  time: ['time', 'thoi gian', 'ngay gio', 'datetime'],
  workerCode: ['worker_code', 'worker code', 'ma nhan vien', 'ma nv'],
  device: ['device', 'may cham cong', 'may', 'serial', 'sn'],
  pin: ['pin', 'ma cham cong'],
} as const;
type Column = keyof typeof HEADERS;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .trim()
    .toLowerCase();

/** One CSV line's fields: commas or semicolons (Excel in Vietnamese saves with either), quotes doubled inside quotes. */
export function csvFields(line: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === separator) {
      fields.push(field.trim());
      field = '';
    } else field += char;
  }
  fields.push(field.trim());
  return fields;
}

/** "yyyy-MM-dd HH:mm[:ss]" or "dd/MM/yyyy HH:mm[:ss]" as the fields of a local time, or null. */
export function importTime(text: string): number[] | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  const vn = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  const parts = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]]
    : vn
      ? [vn[3], vn[2], vn[1], vn[4], vn[5], vn[6]]
      : null;
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const real = new Date(Date.UTC(year, month - 1, day));
  if (
    real.getUTCMonth() !== month - 1 ||
    real.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return null;
  return [year, month, day, hour, minute, second];
}

export interface PunchFileRow {
  /** the file's line (CSV) or row (sheet) number, for the refusals */
  line: number;
  time: string;
  workerCode: string;
  device: string;
  pin: string;
}

/** Rows one file may hold: a month of a 1,000-worker factory at four punches a day. */
export const PUNCH_IMPORT_MAX_ROWS = 120_000;
/** Columns a punch sheet may have: the four read, and a few more a program writes beside them. */
const SHEET_MAX_COLUMNS = 16;

const tooManyRows = (actual: number) =>
  validationFailed(
    [
      {
        field: 'file',
        code: FieldErrorKeys.max,
        message: `at most ${PUNCH_IMPORT_MAX_ROWS} rows`,
        params: { required: PUNCH_IMPORT_MAX_ROWS, actual: String(actual) },
      },
    ],
    'The file has too many rows',
  );

/** The rows under a header (its names folded), or 400 naming what is missing. */
function rowsUnder(header: readonly string[], body: Iterable<{ line: number; fields: readonly string[] }>) {
  const names = header.map(fold);
  const at = (column: Column) =>
    names.findIndex((name) => (HEADERS[column] as readonly string[]).includes(name));
  const index = { time: at('time'), workerCode: at('workerCode'), device: at('device'), pin: at('pin') };
  if (index.time < 0 || (index.workerCode < 0 && index.pin < 0))
    throw validationFailed(
      [
        {
          field: 'file',
          code: FieldErrorKeys.required,
          message: 'the first line must name the columns: time, and worker_code or device and pin',
        },
      ],
      'The file has no header this import understands',
    );
  const rows: PunchFileRow[] = [];
  for (const { line, fields } of body) {
    if (fields.every((field) => field.trim() === '')) continue;
    if (rows.length >= PUNCH_IMPORT_MAX_ROWS) throw tooManyRows(rows.length + 1);
    const cell = (position: number) => (position < 0 ? '' : (fields[position] ?? '').trim());
    rows.push({
      line,
      time: cell(index.time),
      workerCode: cell(index.workerCode),
      device: cell(index.device),
      pin: cell(index.pin),
    });
  }
  return rows;
}

/** A CSV file's rows (commas or semicolons, whichever the header uses more). */
function csvRows(text: string): PunchFileRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0] ?? '';
  const separator = (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
  return rowsUnder(
    csvFields(header, separator),
    (function* () {
      for (let i = 1; i < lines.length; i++)
        yield { line: i + 1, fields: csvFields(lines[i] ?? '', separator) };
    })(),
  );
}

/**
 * A sheet cell as the CSV would hold it. Excel keeps a date and time as a number of days since
 * 30 December 1899 (the wall time, no zone): written back as yyyy-MM-dd HH:mm:ss, to the second.
 */
function cellText(value: CellValue, isTime: boolean): string {
  if (value === undefined || value instanceof CellProblem) return '';
  if (typeof value === 'number' && isTime) {
    const at = new Date(Math.round((value - 25_569) * 86_400) * 1000);
    return Number.isNaN(at.getTime()) ? String(value) : at.toISOString().slice(0, 19).replace('T', ' ');
  }
  return String(value);
}

/** The first sheet of an .xlsx workbook, read by the import's bounded streaming reader. */
async function sheetRows(file: Buffer): Promise<PunchFileRow[]> {
  const sheet = await readMatrixSheet(file, {
    columns: SHEET_MAX_COLUMNS,
    rows: PUNCH_IMPORT_MAX_ROWS + 1,
    describe: {
      columns: `a punch sheet has at most ${SHEET_MAX_COLUMNS} columns (time; worker_code, or device and pin)`,
      rows: `a header and at most ${PUNCH_IMPORT_MAX_ROWS} punches`,
    },
  });
  const [first, ...body] = sheet;
  const header = (first?.cells ?? []).map((value) => cellText(value, false));
  const timeColumn = header.map(fold).findIndex((name) => (HEADERS.time as readonly string[]).includes(name));
  return rowsUnder(
    header,
    body.map((row) => ({
      line: row.rowNumber,
      fields: row.cells.map((value, column) => cellText(value, column === timeColumn)),
    })),
  );
}

/** An .xlsx file starts as every zip does; anything else is read as CSV text. */
const isZip = (file: Buffer) => file.length >= 4 && file.readUInt32LE(0) === 0x04034b50;

/** The punches a file holds, from a CSV or an .xlsx workbook's first sheet, or 400 saying why not. */
export function readPunchFile(file: Buffer): Promise<PunchFileRow[]> {
  return isZip(file) ? sheetRows(file) : Promise.resolve(csvRows(file.toString('utf8')));
}
