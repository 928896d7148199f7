import { DataEnvelope, ErrorCodes } from '@hcm/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Database } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { callerScope } from '../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { AppError, notFound } from '../../../http/errors.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import { inResourceScope, resourceScopeOf } from '../../../resources/caller.ts';
import {
  createPdfConverter,
  DEFAULT_MAX_PDF_BYTES,
  DEFAULT_PDF_TIMEOUT_MS,
  probeLibreOffice,
  type PdfConverterOptions,
} from '../../../resources/documents/pdf/convert-to-pdf.ts';
import type { ResourceDefinition } from '../../../resources/index.ts';
import { contentDisposition } from '../../storage/records.ts';
import type { FileStore } from '../../storage/stores/store.ts';
import { omResources } from '../index.ts';
import { workerResource } from '../workers/resources.ts';
import {
  convertRendition,
  expireRendition,
  findRendition,
  PDF_EXPIRY_QUEUE,
  PDF_QUEUE,
  queuePdf,
  readStored,
  type PdfJob,
} from './pdf-renditions.ts';
import { printDocument, type Printable } from './print-document.ts';
import { printablesOf } from './routes.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
const PdfBody = Type.Object(
  {
    templateId: Type.String({ format: 'uuid', description: 'an ACTIVE .docx template of the record’s type' }),
  },
  { additionalProperties: false },
);
const Rendition = Type.Object({
  id: Type.String({ format: 'uuid' }),
  state: Type.Union([
    Type.Literal('QUEUED'),
    Type.Literal('RUNNING'),
    Type.Literal('DONE'),
    Type.Literal('FAILED'),
  ]),
  fileName: Type.String(),
  error: Type.Union([Type.String(), Type.Null()]),
  expiresAt: Type.String({ format: 'date-time' }),
});
const Capabilities = Type.Object({
  pdf: Type.Boolean({ description: 'LibreOffice answered at start: printed documents can be had as PDF' }),
});

export const RENDITIONS_PATH = '/api/om/document-renditions';

/** One probe per program and process: an installed program does not come and go while it runs. */
const probes = new Map<string, Promise<boolean>>();
function probeOnce(command: string): Promise<boolean> {
  let probe = probes.get(command);
  if (!probe) {
    probe = probeLibreOffice(command);
    probes.set(command, probe);
  }
  return probe;
}

export interface DocumentPdfDeps {
  db: Database;
  queue: JobQueue;
  store: FileStore;
  /** the converter's bounds; `command` also decides what the start-up probe runs */
  converter?: PdfConverterOptions;
  now?: () => Date;
}

/**
 * Printed documents as PDF (README "Printed documents as PDF"): for each printable resource,
 * POST {path}/{id}/document-pdf {templateId} fills the template now (same checks as the .docx)
 * and queues its conversion, answering 202 and the rendition; GET /api/om/document-renditions/{id}
 * says how it goes and …/{id}/file downloads the PDF. GET /api/om/document-renditions/capabilities
 * says whether LibreOffice is here at all (probed once at start).
 */
export const documentPdfService: FastifyPluginAsync<{ deps: DocumentPdfDeps }> = async (app, { deps }) => {
  const db = deps.db.orm;
  const now = deps.now ?? (() => new Date());
  const available = await probeOnce(deps.converter?.command ?? 'soffice');
  if (!available)
    app.log.warn('LibreOffice (soffice) is not installed: printed documents are offered as .docx only');
  const converter = createPdfConverter(deps.converter);
  const timeoutMs = deps.converter?.timeoutMs ?? DEFAULT_PDF_TIMEOUT_MS;
  const printables: readonly Printable[] = printablesOf(omResources, workerResource);
  const lookups: readonly ResourceDefinition[] = omResources;

  await deps.queue.work<PdfJob>(
    PDF_QUEUE,
    // one conversion at a time per process; a process that died mid-way has its job run again
    {
      retryLimit: 2,
      retryDelaySeconds: 5,
      retryBackoff: true,
      expireInSeconds: Math.ceil(timeoutMs / 1000) + 60,
      batchSize: 1,
    },
    (job) => convertRendition(db, { store: deps.store, converter, now, log: app.log }, job.data),
  );
  await deps.queue.work<PdfJob>(
    PDF_EXPIRY_QUEUE,
    { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 120, batchSize: 20 },
    (job) => expireRendition(db, deps.store, job.data),
  );

  app.get(
    `${RENDITIONS_PATH}/capabilities`,
    {
      config: { auth: 'user', permission: [] },
      schema: {
        summary: 'Whether printed documents can be had as PDF on this server',
        tags: ['om/documents'],
        operationId: 'om.documentRenditions.capabilities',
        response: { 200: DataEnvelope(Capabilities), ...errorResponses },
      },
    },
    async () => envelope({ pdf: available }),
  );

  for (const printable of printables) {
    const { definition } = printable;
    app.post(
      `${definition.basePath}/:id/document-pdf`,
      {
        config: { auth: 'user', permission: definition.permissionFor('view'), module: definition.module },
        schema: {
          summary: `${definition.name}: the record filled into a document template, converted to PDF in the background`,
          tags: [`${definition.declaration.service}/${definition.declaration.path}`],
          operationId: `${definition.declaration.service}.${definition.declaration.path}.documentPdf`,
          params: IdParams,
          body: PdfBody,
          response: { 202: DataEnvelope(Rendition), ...errorResponses },
        },
      },
      async (request: FastifyRequest, reply) => {
        if (!available)
          throw new AppError(
            503,
            ErrorCodes.serviceUnavailable,
            'LibreOffice is not installed on the server: documents can be downloaded as .docx only',
          );
        const { id } = request.params as { id: string };
        const { templateId } = request.body as Type.Static<typeof PdfBody>;
        const scope = resourceScopeOf(definition, request);
        const renditionId = await inResourceScope(db, definition, scope, async (tx, reach) => {
          const printed = await printDocument(tx, printable, reach, id, templateId, deps.store, lookups);
          const who = { tenantId: reach.tenantId ?? '', userId: reach.userId ?? '' };
          return queuePdf(tx, { queue: deps.queue, store: deps.store, now }, who, printed);
        });
        const row = await inScope(db, callerScope(request), (tx) =>
          findRendition(tx, scope.userId ?? '', renditionId),
        );
        if (!row) throw notFound('There is no such printed document');
        return reply.code(202).send(envelope(asRendition(row)));
      },
    );
  }

  app.get(
    `${RENDITIONS_PATH}/:id`,
    {
      config: { auth: 'user', permission: [] },
      schema: {
        summary: 'How the conversion of a printed document to PDF goes (the asker’s own only)',
        tags: ['om/documents'],
        operationId: 'om.documentRenditions.get',
        params: IdParams,
        response: { 200: DataEnvelope(Rendition), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const scope = callerScope(request);
      const row = await inScope(db, scope, (tx) => findRendition(tx, scope.userId ?? '', id));
      if (!row) throw notFound('There is no such printed document (it may have expired)');
      return envelope(asRendition(row));
    },
  );

  app.get(
    `${RENDITIONS_PATH}/:id/file`,
    {
      config: { auth: 'user', permission: [] },
      schema: {
        summary: 'The converted PDF (the asker’s own, once DONE)',
        tags: ['om/documents'],
        operationId: 'om.documentRenditions.file',
        params: IdParams,
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/pdf' }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const scope = callerScope(request);
      const row = await inScope(db, scope, (tx) => findRendition(tx, scope.userId ?? '', id));
      if (!row?.pdfKey) throw notFound('The PDF is not ready (or has expired)');
      const stream = await deps.store.get(row.pdfKey);
      if (!stream) throw notFound('The PDF has expired');
      const bytes = await readStored(stream, DEFAULT_MAX_PDF_BYTES);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', row.fileName))
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
};

function asRendition(row: {
  id: string;
  state: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
  fileName: string;
  error: string | null;
  expiresAt: Date;
}) {
  return {
    id: row.id,
    state: row.state,
    fileName: row.fileName,
    error: row.error,
    expiresAt: row.expiresAt.toISOString(),
  };
}
