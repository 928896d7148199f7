import { ErrorCodes, FieldErrorKeys, ImportLimits, type FieldErrorParams } from '@hcm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../../http/errors.ts';

const MEGABYTES = ImportLimits.maxFileBytes / 1024 / 1024;

const tooLarge = () =>
  new AppError(413, ErrorCodes.payloadTooLarge, `The file is larger than ${MEGABYTES} MB`, [
    { field: 'file', code: FieldErrorKeys.max, message: `must be at most ${MEGABYTES} MB` },
  ]);

/** `params`: the values the key's text carries (FieldErrorParams: `required` and `actual` of a bound). */
export const fileProblem = (code: string, message: string, params?: FieldErrorParams) =>
  validationFailed(
    [{ field: 'file', code, message, ...(params ? { params } : {}) }],
    `The file cannot be imported: ${message}`,
  );

/**
 * Settles with `work`, or rejects with a 400 once nothing has arrived on the request for
 * `ImportLimits.uploadIdleSeconds`: Fastify sets no request timeout, so a client that stops
 * sending in the middle of its body would otherwise hold the request (and its buffer) forever.
 */
async function whileArriving<T>(request: FastifyRequest, reply: FastifyReply, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let rearm: () => void = () => undefined;
  const stalled = new Promise<never>((_, reject) => {
    rearm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        // Answer, then close: the rest of the body is not waited for.
        reply.header('connection', 'close');
        reject(
          fileProblem(
            FieldErrorKeys.invalidValue,
            `the upload stopped: nothing arrived for ${ImportLimits.uploadIdleSeconds} s`,
          ),
        );
      }, ImportLimits.uploadIdleSeconds * 1000);
    };
  });
  request.raw.on('data', rearm); // the body already flows into busboy: this only watches it
  rearm();
  work.catch(() => undefined); // when the stall wins, the work's own failure is not news
  try {
    return await Promise.race([work, stalled]);
  } finally {
    clearTimeout(timer);
    request.raw.off('data', rearm);
  }
}

/**
 * The uploaded file of a multipart request (its first file part): 413 when too large, 400 in
 * the envelope when the body is not multipart, has no file, ends before the part does, or
 * stops arriving.
 */
export async function readUpload(request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  return (await readNamedUpload(request, reply)).file;
}

/** readUpload, with the file's name as the client sent it (an import that quotes it in what it writes). */
export async function readNamedUpload(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ file: Buffer; fileName: string }> {
  if (!request.isMultipart())
    throw fileProblem(FieldErrorKeys.required, 'send the xlsx file as multipart/form-data');
  return whileArriving(request, reply, receiveFile(request));
}

async function receiveFile(request: FastifyRequest): Promise<{ file: Buffer; fileName: string }> {
  let part;
  try {
    part = await request.file({ limits: { fileSize: ImportLimits.maxFileBytes, files: 1, fields: 20 } });
  } catch (error) {
    throw fileProblem(FieldErrorKeys.invalidValue, `the upload is not valid multipart (${String(error)})`);
  }
  if (!part) throw fileProblem(FieldErrorKeys.required, 'no file was sent');
  let file: Buffer;
  try {
    file = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // busboy's "Unexpected end of form" and the like: the client's body, not the server, is wrong.
    throw fileProblem(FieldErrorKeys.invalidValue, `the upload is cut short or malformed (${String(error)})`);
  }
  // toBuffer only notices the limit on a chunk that arrives after it was reached: when the
  // limit falls on the last chunk it returns the first 5 MB as if they were the whole file.
  if (part.file.truncated) throw tooLarge();
  return { file, fileName: part.filename };
}
