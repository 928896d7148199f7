import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ErrorCodes, FieldErrorKeys, ImportLimits, type FieldErrorParams } from '@hcm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../../http/errors.ts';
import { HEAD_BYTES } from './sniff.ts';
import { isOwnerType, MAX_UPLOAD_BYTES, megabytes, OwnerTypeLimits } from './limits.ts';

/** One file part, written to a temporary file while it arrived. */
export interface ReceivedFile {
  field: string;
  originalName: string;
  path: string;
  size: number;
  sha256: string;
  head: Buffer;
  /** the whole file is UTF-8 without a NUL byte */
  text: boolean;
}

export interface ReceivedUpload {
  fields: Record<string, string[]>;
  files: ReceivedFile[];
  /** removes every temporary file (call in finally) */
  discard(): Promise<void>;
}

/** `params`: the values the key's text carries (FieldErrorParams: `required` and `actual` of a bound). */
export const fileProblem = (field: string, code: string, message: string, params?: FieldErrorParams) =>
  validationFailed(
    [{ field, code, message, ...(params ? { params } : {}) }],
    `The file cannot be stored: ${message}`,
  );

export const tooLarge = (field: string, maxBytes: number) =>
  new AppError(413, ErrorCodes.payloadTooLarge, `The file is larger than ${megabytes(maxBytes)}`, [
    { field, code: FieldErrorKeys.max, message: `must be at most ${megabytes(maxBytes)}` },
  ]);

/** Counts, hashes, keeps the head and checks UTF-8 of the bytes passing through; fails past `maxBytes`. */
class Measure extends Transform {
  size = 0;
  readonly hash = createHash('sha256');
  head = Buffer.alloc(0);
  text = true;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  constructor(
    private readonly field: string,
    private readonly maxBytes: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(tooLarge(this.field, this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    if (this.head.length < HEAD_BYTES)
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    if (this.text) {
      if (chunk.includes(0)) this.text = false;
      else
        try {
          this.decoder.decode(chunk, { stream: true });
        } catch {
          this.text = false;
        }
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.text)
      try {
        this.decoder.decode();
      } catch {
        this.text = false;
      }
    done();
  }
}

/**
 * Reads a multipart request: its text fields, and each file part streamed into a temporary
 * file while it is hashed and counted — never held in memory, cut at the owner type's limit
 * when the `ownerType` field came before the file, else at the largest limit (the caller checks
 * the owner type's afterwards). No database connection is held meanwhile. Rejects with 400 when
 * nothing arrives for ImportLimits.uploadIdleSeconds, and removes what it wrote on any failure.
 */
export async function receiveUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { maxFiles: number },
): Promise<ReceivedUpload> {
  if (!request.isMultipart())
    throw fileProblem('file', FieldErrorKeys.required, 'send the file as multipart/form-data');
  const dir = await mkdtemp(join(tmpdir(), 'hcm-upload-'));
  const received: ReceivedUpload = {
    fields: {},
    files: [],
    discard: () => rm(dir, { recursive: true, force: true }),
  };
  try {
    await whileArriving(request, reply, readParts(request, dir, received, options.maxFiles));
    return received;
  } catch (error) {
    // Answer, then close: the rest of a refused body is not read.
    reply.header('connection', 'close');
    await received.discard();
    throw error;
  }
}

async function readParts(request: FastifyRequest, dir: string, into: ReceivedUpload, maxFiles: number) {
  let parts;
  try {
    parts = request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: maxFiles, fields: 50, fieldSize: 64 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        (into.fields[part.fieldname] ??= []).push(String(part.value));
        continue;
      }
      const ownerType = into.fields.ownerType?.[0];
      const limit =
        ownerType !== undefined && isOwnerType(ownerType)
          ? OwnerTypeLimits[ownerType].maxBytes
          : MAX_UPLOAD_BYTES;
      const path = join(dir, randomUUID());
      const measure = new Measure(part.fieldname, limit);
      await pipeline(part.file, measure, createWriteStream(path));
      if (part.file.truncated) throw tooLarge(part.fieldname, limit);
      into.files.push({
        field: part.fieldname,
        originalName: part.filename,
        path,
        size: measure.size,
        sha256: measure.hash.digest('hex'),
        head: measure.head,
        text: measure.text,
      });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT')
      throw fileProblem('files', FieldErrorKeys.max, `send at most ${maxFiles} files at once`);
    throw fileProblem(
      'file',
      FieldErrorKeys.invalidValue,
      `the upload is cut short or malformed (${String(error)})`,
    );
  }
}

/** Settles with `work`, or rejects with 400 once nothing has arrived on the request for a while. */
async function whileArriving<T>(request: FastifyRequest, reply: FastifyReply, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let rearm: () => void = () => undefined;
  const stalled = new Promise<never>((_, reject) => {
    rearm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        reply.header('connection', 'close');
        reject(
          fileProblem(
            'file',
            FieldErrorKeys.invalidValue,
            `the upload stopped: nothing arrived for ${ImportLimits.uploadIdleSeconds} s`,
          ),
        );
      }, ImportLimits.uploadIdleSeconds * 1000);
    };
  });
  request.raw.on('data', rearm);
  rearm();
  work.catch(() => undefined);
  try {
    return await Promise.race([work, stalled]);
  } finally {
    clearTimeout(timer);
    request.raw.off('data', rearm);
  }
}
