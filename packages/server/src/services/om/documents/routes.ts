import { DataEnvelope } from '@hcm/contracts';
import { documentKindOf } from '@hcm/contracts/documents';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import PizZip from 'pizzip';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { inResourceScope, resourceScopeOf } from '../../../resources/caller.ts';
import { ReferenceNames } from '../../../resources/documents/merge-values.ts';
import type { ResourceDefinition } from '../../../resources/index.ts';
import { contentDisposition } from '../../storage/records.ts';
import type { FileStore } from '../../storage/stores/store.ts';
import { findDocumentTemplates, printDocument, type Printable } from './print-document.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
const DocumentQuery = Type.Object(
  {
    templateId: Type.String({ format: 'uuid', description: 'an ACTIVE .docx template of the record’s type' }),
  },
  { additionalProperties: false },
);
/** Records printed at once from a list's selection at most: a zip of 200 contracts is a few MB. */
export const MAX_PRINT_SELECTION = 200;
const SelectionBody = Type.Object(
  {
    templateId: Type.String({ format: 'uuid', description: 'an ACTIVE .docx template of the records’ type' }),
    ids: Type.Array(Type.String({ format: 'uuid' }), {
      minItems: 1,
      maxItems: MAX_PRINT_SELECTION,
      uniqueItems: true,
      description: `the records to print, at most ${MAX_PRINT_SELECTION}`,
    }),
  },
  { additionalProperties: false },
);
const TemplateChoice = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  type: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]),
  lastModifiedAt: Type.String({ format: 'date-time' }),
});

/** A name not yet in `taken` ("x.docx", then "x (2).docx", …), recorded there. */
function uniqueName(taken: Set<string>, fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
  let name = fileName;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${stem} (${n})${extension}`;
  taken.add(name.toLowerCase());
  return name;
}

/** The printables of `resources`: those @hcm/contracts/documents declares, with the employee's definition. */
export function printablesOf(
  resources: readonly ResourceDefinition[],
  worker: ResourceDefinition,
): Printable[] {
  return resources.flatMap((definition) => {
    const kind = definition.contract && documentKindOf(definition.contract);
    return kind ? [{ definition, kind, worker }] : [];
  });
}

/**
 * For each printable resource (README "Documents from templates"), with its view permission and
 * data scope: GET {path}/{id}/document-templates, the templates it may print with, and GET
 * {path}/{id}/document?templateId=…, the .docx filled with the record.
 */
export const documentRoutes: FastifyPluginAsync<{
  db: Db;
  store: FileStore;
  printables: readonly Printable[];
  lookups: readonly ResourceDefinition[];
}> = async (app, { db, store, printables, lookups }) => {
  for (const printable of printables) {
    const { definition } = printable;
    const names = new ReferenceNames(lookups);
    const unknown = [
      ...names.unknownTargets(printable.kind.contract.fields, printable.kind.omit),
      ...names.unknownTargets(printable.worker.contract?.fields ?? {}, ['userId']),
    ];
    if (unknown.length > 0)
      throw new Error(`${definition.name} prints references to ${unknown.join(', ')}, which have no lookup`);
    const tag = `${definition.declaration.service}/${definition.declaration.path}`;
    const config = {
      auth: 'user' as const,
      permission: definition.permissionFor('view'),
      module: definition.module,
    };
    const scoped = <T>(request: FastifyRequest, work: Parameters<typeof inResourceScope<T>>[3]) =>
      inResourceScope(db, definition, resourceScopeOf(definition, request), work);

    app.get(
      `${definition.basePath}/:id/document-templates`,
      {
        config,
        schema: {
          summary: `${definition.name}: the document templates it prints with (ACTIVE, .docx, of its type)`,
          tags: [tag],
          operationId: `${definition.declaration.service}.${definition.declaration.path}.documentTemplates`,
          params: IdParams,
          response: { 200: DataEnvelope(Type.Array(TemplateChoice)), ...errorResponses },
        },
      },
      async (request) => {
        const { id } = request.params as { id: string };
        return envelope(
          await scoped(request, (tx, reach) => findDocumentTemplates(tx, printable, reach, id)),
        );
      },
    );

    app.get(
      `${definition.basePath}/:id/document`,
      {
        config,
        schema: {
          summary: `${definition.name}: the record filled into a document template (.docx)`,
          tags: [tag],
          operationId: `${definition.declaration.service}.${definition.declaration.path}.document`,
          params: IdParams,
          querystring: DocumentQuery,
          response: {
            200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: DOCX }),
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        const { templateId } = request.query as Type.Static<typeof DocumentQuery>;
        const printed = await scoped(request, (tx, reach) =>
          printDocument(tx, printable, reach, id, templateId, store, lookups),
        );
        return reply
          .header('content-type', DOCX)
          .header('content-disposition', contentDisposition('attachment', printed.fileName))
          .header('cache-control', 'no-store')
          .send(printed.bytes);
      },
    );

    app.post(
      `${definition.basePath}/documents`,
      {
        config,
        schema: {
          summary: `${definition.name}: the chosen records filled into one document template, as a .zip of .docx files named by record`,
          tags: [tag],
          operationId: `${definition.declaration.service}.${definition.declaration.path}.documents`,
          body: SelectionBody,
          response: {
            200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/zip' }),
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const { templateId, ids } = request.body as Type.Static<typeof SelectionBody>;
        // all or nothing, in one transaction: a record out of reach or of another type is named
        const zip = await scoped(request, async (tx, reach) => {
          const bundle = new PizZip();
          const taken = new Set<string>();
          for (const id of ids) {
            const printed = await printDocument(tx, printable, reach, id, templateId, store, lookups);
            bundle.file(uniqueName(taken, printed.fileName), printed.bytes);
          }
          return bundle.generate({ type: 'nodebuffer', compression: 'STORE' });
        });
        return reply
          .header('content-type', 'application/zip')
          .header(
            'content-disposition',
            contentDisposition('attachment', `${definition.declaration.path}.zip`),
          )
          .header('cache-control', 'no-store')
          .send(zip);
      },
    );
  }
};
