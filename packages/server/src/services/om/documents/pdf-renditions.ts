import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../../db/database.ts';
import { documentRenditions } from '../tables/document-renditions.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import {
  DEFAULT_MAX_PDF_BYTES,
  PdfConversionError,
  type PdfConverter,
} from '../../../resources/documents/pdf/convert-to-pdf.ts';
import type { FileStore } from '../../storage/stores/store.ts';

/** The queue of conversions (one at a time per process: batchSize 1, and the converter's own bound). */
export const PDF_QUEUE = 'document-pdf';
/** The queue that removes a rendition's files and row once it has expired. */
export const PDF_EXPIRY_QUEUE = 'document-pdf-expiry';
/** How long a converted document can be downloaded: long enough to fetch it, short enough to hold little. */
export const RENDITION_TTL_MS = 30 * 60_000;

export interface PdfJob {
  readonly tenantId: string;
  readonly renditionId: string;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Stores bytes under `key` through a temporary file (the store takes finished files). */
export async function putBytes(store: FileStore, key: string, bytes: Buffer, contentType: string) {
  const dir = await mkdtemp(join(tmpdir(), 'hcm-rendition-'));
  try {
    const path = join(dir, 'file');
    await writeFile(path, bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await store.put(key, path, { size: bytes.length, sha256, contentType });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A stored object's bytes, refused past `limit`. */
export async function readStored(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      throw new Error(`stored object larger than ${limit} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Keeps the filled .docx and queues its conversion, inside the caller's transaction: the row and
 * its jobs exist together or not at all. Answers the rendition's id, which the client polls.
 */
export async function queuePdf(
  tx: Tx,
  deps: { queue: JobQueue; store: FileStore; now: () => Date },
  who: { tenantId: string; userId: string },
  printed: { bytes: Buffer; fileName: string },
): Promise<string> {
  const id = randomUUID();
  const sourceKey = `${who.tenantId}/renditions/${id}.docx`;
  const expiresAt = new Date(deps.now().getTime() + RENDITION_TTL_MS);
  await putBytes(deps.store, sourceKey, printed.bytes, DOCX);
  await tx.insert(documentRenditions).values({
    tenantId: who.tenantId,
    id,
    requestedBy: who.userId,
    fileName: printed.fileName.replace(/\.docx$/i, '.pdf'),
    sourceKey,
    expiresAt,
  });
  const job: PdfJob = { tenantId: who.tenantId, renditionId: id };
  await deps.queue.enqueue(tx, PDF_QUEUE, [{ data: job }]);
  await deps.queue.enqueue(tx, PDF_EXPIRY_QUEUE, [{ data: job, startAfter: expiresAt }]);
  return id;
}

/** The caller's own rendition (another user's, or an expired one, is not found). */
export async function findRendition(tx: Tx, userId: string, id: string) {
  const [row] = await tx
    .select()
    .from(documentRenditions)
    .where(and(eq(documentRenditions.id, id), eq(documentRenditions.requestedBy, userId)));
  return row;
}

const finish = (tx: Tx, id: string, values: Partial<typeof documentRenditions.$inferInsert>) =>
  tx.update(documentRenditions).set(values).where(eq(documentRenditions.id, id));

/**
 * Converts one queued rendition. A document LibreOffice cannot convert (damaged, too slow, too
 * large) fails the rendition with the reason and is not tried again: it would fail the same way.
 * A store or database error is thrown, for the queue to try again.
 */
export async function convertRendition(
  db: Db,
  deps: { store: FileStore; converter: PdfConverter; now: () => Date; log: FastifyBaseLogger },
  job: PdfJob,
): Promise<void> {
  const scope = { tenantId: job.tenantId, userId: null };
  const row = await inScope(db, scope, async (tx) => {
    const [found] = await tx
      .select()
      .from(documentRenditions)
      .where(eq(documentRenditions.id, job.renditionId));
    if (!found || found.state === 'DONE' || found.state === 'FAILED') return null;
    await finish(tx, found.id, { state: 'RUNNING' });
    return found;
  });
  if (!row) return;
  const stream = await deps.store.get(row.sourceKey);
  if (!stream) {
    await inScope(db, scope, (tx) =>
      finish(tx, row.id, {
        state: 'FAILED',
        error: 'The document to convert is gone',
        finishedAt: deps.now(),
      }),
    );
    return;
  }
  const docx = await readStored(stream, DEFAULT_MAX_PDF_BYTES);
  let pdf: Buffer;
  try {
    pdf = await deps.converter.convert(docx);
  } catch (error) {
    if (!(error instanceof PdfConversionError)) throw error;
    deps.log.warn({ rendition: row.id, reason: error.reason }, 'PDF conversion failed');
    await inScope(db, scope, (tx) =>
      finish(tx, row.id, { state: 'FAILED', error: error.message.slice(0, 500), finishedAt: deps.now() }),
    );
    return;
  }
  const pdfKey = `${job.tenantId}/renditions/${row.id}.pdf`;
  await putBytes(deps.store, pdfKey, pdf, 'application/pdf');
  await inScope(db, scope, (tx) =>
    finish(tx, row.id, { state: 'DONE', pdfKey, pdfSize: pdf.length, finishedAt: deps.now() }),
  );
}

/** Removes an expired rendition's files, then its row. */
export async function expireRendition(db: Db, store: FileStore, job: PdfJob): Promise<void> {
  await inScope(db, { tenantId: job.tenantId, userId: null }, async (tx) => {
    const [row] = await tx
      .select()
      .from(documentRenditions)
      .where(eq(documentRenditions.id, job.renditionId));
    if (!row) return;
    await store.delete(row.sourceKey);
    if (row.pdfKey) await store.delete(row.pdfKey);
    await tx.delete(documentRenditions).where(eq(documentRenditions.id, row.id));
  });
}
