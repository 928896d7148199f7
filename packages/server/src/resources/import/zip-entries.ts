import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';
import { ErrorCodes, FieldErrorKeys, ImportLimits } from '@hcm/contracts';
import { AppError } from '../../http/errors.ts';
import { fileProblem } from './read-upload.ts';

/** One file inside the zip, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  method: number;
  /** where the compressed bytes start and how many there are (inside the uploaded buffer) */
  dataStart: number;
  compressedSize: number;
}

const CHUNK = 64 * 1024;
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

export const notXlsx = () => fileProblem(FieldErrorKeys.invalidValue, 'it is not an xlsx workbook');

const MEGABYTES = ImportLimits.maxUncompressedBytes / 1024 / 1024;

/**
 * The bytes one import may inflate, all entries together, counted as they come out of zlib.
 * The sizes a zip declares are not trusted: a bomb declares what it likes.
 */
export class InflateBudget {
  private used = 0;
  constructor(private readonly max = ImportLimits.maxUncompressedBytes) {}

  take(bytes: number): void {
    this.used += bytes;
    if (this.used > this.max)
      throw new AppError(
        413,
        ErrorCodes.payloadTooLarge,
        `The workbook unpacks to more than ${MEGABYTES} MB`,
        [{ field: 'file', code: FieldErrorKeys.max, message: `must unpack to at most ${MEGABYTES} MB` }],
      );
  }

  get inflated(): number {
    return this.used;
  }
}

/**
 * The entries of a zip held in memory, read from its central directory (the local headers are
 * only used to find where each entry's data starts). Anything that is not a plain, unencrypted
 * zip of stored or deflated entries inside the buffer is "not an xlsx workbook".
 */
export function zipEntries(zip: Buffer): Map<string, ZipEntry> {
  const end = findEndOfDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i++) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== DIRECTORY_ENTRY) throw notXlsx();
    const flags = zip.readUInt16LE(offset + 8);
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localHeader = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;
    if (flags & 1) throw notXlsx(); // encrypted
    if (localHeader + 30 > zip.length || zip.readUInt32LE(localHeader) !== LOCAL_HEADER) throw notXlsx();
    const dataStart =
      localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    if (dataStart + compressedSize > zip.length) throw notXlsx();
    if (!entries.has(name)) entries.set(name, { name, method, dataStart, compressedSize });
  }
  return entries;
}

function findEndOfDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--)
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  throw notXlsx();
}

function* slices(data: Buffer) {
  for (let at = 0; at < data.length; at += CHUNK) yield data.subarray(at, at + CHUNK);
}

/**
 * The text of one entry, inflated a chunk at a time and charged to `budget` as it comes, so a
 * bomb stops at the budget whatever it declares. Breaking out of the loop stops the inflating.
 */
export async function* entryText(
  zip: Buffer,
  entry: ZipEntry,
  budget: InflateBudget,
): AsyncGenerator<string> {
  const data = zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  const decoder = new StringDecoder('utf8');
  if (entry.method === 0) {
    for (const slice of slices(data)) {
      budget.take(slice.length);
      yield decoder.write(slice);
    }
  } else if (entry.method === 8) {
    const source = Readable.from(slices(data));
    const inflater = createInflateRaw({ chunkSize: CHUNK });
    source.on('error', (error) => inflater.destroy(error));
    source.pipe(inflater);
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) {
        budget.take(chunk.length);
        yield decoder.write(chunk);
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw notXlsx(); // corrupt or cut deflate data
    } finally {
      source.destroy();
      inflater.destroy();
    }
  } else throw notXlsx();
  yield decoder.end();
}
