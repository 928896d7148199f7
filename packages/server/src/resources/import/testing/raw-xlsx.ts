import { crc32, createDeflateRaw } from 'node:zlib';

/** One file of a hand-built zip: its text, given whole or as chunks (for bombs). */
export interface RawEntry {
  name: string;
  text: string | Iterable<string>;
}

interface Deflated {
  name: Buffer;
  data: Buffer;
  crc: number;
  size: number;
}

/** Deflates chunk by chunk, so a gigabyte of repeated XML never exists in memory at once. */
async function deflate(
  text: string | Iterable<string>,
): Promise<{ data: Buffer; crc: number; size: number }> {
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve, reject) => deflater.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  for (const chunk of typeof text === 'string' ? [text] : text) {
    const bytes = Buffer.from(chunk, 'utf8');
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflater.write(bytes)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await ended;
  return { data: Buffer.concat(out), crc, size };
}

/**
 * A zip (deflated entries, no zip64) built from the entries' text: the tests' own writer, so
 * hostile workbooks are made in code (exceljs would refuse to write most of them) and no
 * binary fixture is committed. Sizes above 4 GiB are stored modulo 2^32, as a bomb would.
 */
export async function rawZip(entries: RawEntry[]): Promise<Buffer> {
  const files: Deflated[] = [];
  for (const entry of entries) files.push({ name: Buffer.from(entry.name), ...(await deflate(entry.text)) });
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(file.crc, 14);
    local.writeUInt32LE(file.data.length, 18);
    local.writeUInt32LE(file.size % 2 ** 32, 22);
    local.writeUInt16LE(file.name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(file.crc, 16);
    central.writeUInt32LE(file.data.length, 20);
    central.writeUInt32LE(file.size % 2 ** 32, 24);
    central.writeUInt16LE(file.name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, file.name, file.data);
    directory.push(central, file.name);
    offset += 30 + file.name.length + file.data.length;
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * A minimal but complete xlsx package (content types, relationships, workbook, one sheet, and
 * shared strings when given) around the sheet XML and shared strings XML the caller writes.
 */
export function rawXlsx(sheet: RawEntry['text'], sharedStrings?: RawEntry['text']): Promise<Buffer> {
  const entries: RawEntry[] = [
    {
      name: '[Content_Types].xml',
      text: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      text: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      text: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${OFFICE}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', text: sheet },
  ];
  if (sharedStrings !== undefined) entries.push({ name: 'xl/sharedStrings.xml', text: sharedStrings });
  return rawZip(entries);
}

export const SHEET_START = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
export const SHEET_END = '</sheetData></worksheet>';
export const STRINGS_START = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`;
export const STRINGS_END = '</sst>';

/** An inline-string cell, escaped. */
export const inlineCell = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</t></is></c>`;
