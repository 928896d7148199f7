import { ErrorCodes, FieldErrorKeys, ImportLimits } from '@hcm/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../../http/errors.ts';

const MEGABYTES = ImportLimits.maxFileBytes / 1024 / 1024;

const tooLarge = () =>
  new AppError(413, ErrorCodes.payloadTooLarge, `The file is larger than ${MEGABYTES} MB`, [
    { field: 'file', code: FieldErrorKeys.max, message: `must be at most ${MEGABYTES} MB` },
  ]);

export const fileProblem = (code: string, message: string) =>
  validationFailed([{ field: 'file', code, message }], `The file cannot be imported: ${message}`);

/**
 * The uploaded file of a multipart request (its first file part): 413 when too large, 400 in
 * the envelope when the body is not multipart, has no file, or ends before the part does.
 */
export async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw fileProblem(FieldErrorKeys.required, 'send the xlsx file as multipart/form-data');
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
  return file;
}
