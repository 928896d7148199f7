import { open } from 'node:fs/promises';
import { FileKinds, type FileKind } from './limits.ts';

/** How many leading bytes of a file are kept for sniffing. */
export const HEAD_BYTES = 4100;

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, i) => head[at + i] === byte);

/** The kind of the bytes, from their magic numbers (and a zip's directory), or what else it is. */
export type Sniffed = { kind: FileKind } | { other: string };

/**
 * What a finished upload is, from its content: `head` its first bytes, `path` the whole file on
 * disk (a zip is recognised by the names in its central directory), `text` whether the whole
 * file is UTF-8 without a NUL byte. The extension only decides between text kinds (txt, csv,
 * svg), never over binary magic numbers.
 */
export async function sniff(
  head: Buffer,
  path: string,
  size: number,
  text: boolean,
  extension: string,
): Promise<Sniffed> {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'png' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'jpeg' };
  if (
    head.subarray(0, 6).toString('latin1') === 'GIF87a' ||
    head.subarray(0, 6).toString('latin1') === 'GIF89a'
  )
    return { kind: 'gif' };
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return { kind: 'webp' };
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return { kind: 'pdf' };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const names = await zipNames(path, size);
    if (names === undefined || !names.has('[Content_Types].xml')) return { other: 'a zip archive' };
    if (names.has('word/document.xml')) return { kind: 'docx' };
    if (names.has('xl/workbook.xml')) return { kind: 'xlsx' };
    if (names.has('ppt/presentation.xml')) return { kind: 'pptx' };
    return { other: 'an Office Open XML package of another kind' };
  }
  if (!text) return { other: 'binary content of an unknown kind' };
  if (extension === 'csv') return { kind: 'csv' };
  if (extension === 'svg') {
    return /<svg[\s>]/i.test(head.toString('utf8'))
      ? { kind: 'svg' }
      : { other: 'text that is not an SVG image' };
  }
  if (/<(html|script|svg|!doctype)/i.test(head.toString('utf8').slice(0, 1024)))
    return { other: 'HTML or XML markup' };
  return { kind: 'text' };
}

/** What the mismatch message calls a kind. */
export const kindLabel = (kind: FileKind) =>
  ({
    png: 'a PNG image',
    jpeg: 'a JPEG image',
    gif: 'a GIF image',
    webp: 'a WebP image',
    pdf: 'a PDF document',
    docx: 'a Word document (.docx)',
    xlsx: 'an Excel workbook (.xlsx)',
    pptx: 'a PowerPoint presentation (.pptx)',
    text: 'plain text',
    csv: 'CSV text',
    svg: 'an SVG image',
  })[kind];

export const extensionFits = (kind: FileKind, extension: string) =>
  (FileKinds[kind].extensions as readonly string[]).includes(extension);

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const TAIL = 22 + 65_535;
/** A directory larger than this is not one of ours (Office files list a few dozen parts). */
const MAX_DIRECTORY = 1_048_576;

/** The entry names of the zip at `path` (its central directory only), or undefined when it is not a readable zip. */
async function zipNames(path: string, size: number): Promise<Set<string> | undefined> {
  const handle = await open(path, 'r');
  try {
    const tailStart = Math.max(0, size - TAIL);
    const tail = Buffer.alloc(size - tailStart);
    await handle.read(tail, 0, tail.length, tailStart);
    let end = -1;
    for (let i = tail.length - 22; i >= 0; i--)
      if (tail.readUInt32LE(i) === END_OF_DIRECTORY) {
        end = i;
        break;
      }
    if (end < 0) return undefined;
    const count = tail.readUInt16LE(end + 10);
    const length = tail.readUInt32LE(end + 12);
    const offset = tail.readUInt32LE(end + 16);
    if (length > MAX_DIRECTORY || offset + length > size) return undefined;
    const directory = Buffer.alloc(length);
    await handle.read(directory, 0, length, offset);
    const names = new Set<string>();
    let at = 0;
    for (let i = 0; i < count; i++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) return undefined;
      const nameLength = directory.readUInt16LE(at + 28);
      const extra = directory.readUInt16LE(at + 30);
      const comment = directory.readUInt16LE(at + 32);
      names.add(directory.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
      at += 46 + nameLength + extra + comment;
    }
    return names;
  } finally {
    await handle.close();
  }
}
