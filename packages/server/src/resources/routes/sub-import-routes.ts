import { DataEnvelope, ErrorEnvelope, FieldErrorKeys } from '@hcm/contracts';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import type { Db } from '../../db/database.ts';
import { envelope, errorResponses } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { actionContextOf, inResourceScope, languageOf, resourceScopeOf } from '../caller.ts';
import { errorWorkbook } from '../import/error-workbook.ts';
import { ImportRejected } from '../import/import-records.ts';
import { readFirstSheet } from '../import/read-sheet.ts';
import { fileProblem, readUpload } from '../import/read-upload.ts';
import { importSubRecords, subImportsOf } from '../import/sub-imports.ts';
import { checkRows } from '../import/validate-rows.ts';
import { templateWorkbook } from '../template/template-workbook.ts';
import type { ResourceDefinition } from '../types.ts';
import { XLSX_TYPE, fileTimestamp, sendXlsx, xlsxResponse } from '../xlsx/xlsx.ts';
import { routeOptions, serves } from './route-options.ts';

/**
 * The template and the import of each of the resource's sub-imports (contract subImports):
 * `GET /sub-imports/{name}/download-template`, `POST /sub-imports/{name}/import`. The import
 * answers as the resource's own does: `{ imported, updated }`, or 400 with the rows and their
 * messages as a workbook, nothing written.
 */
export function registerSubImportRoutes(app: FastifyInstance, definition: ResourceDefinition, db: Db): void {
  const parts = subImportsOf(definition);
  if (parts.length === 0 || !serves(definition, 'subImport')) return;
  const byName = new Map(
    parts.map((part) => [part.name, { ...part, validator: Compile(part.sheet.schemas.importRow) }]),
  );
  const params = Type.Object(
    { name: Type.Union(parts.map(({ name }) => Type.Literal(name))) },
    { additionalProperties: false },
  );
  const partOf = (name: string) =>
    byName.get(name) ??
    ((): never => {
      throw notFound('No such import');
    })();

  app.get(
    '/sub-imports/:name/download-template',
    routeOptions(definition, 'subImportTemplate', {
      params,
      produces: [XLSX_TYPE],
      response: { 200: xlsxResponse('the template of the import'), ...errorResponses },
    }),
    async (request, reply) => {
      resourceScopeOf(definition, request);
      const { name } = request.params as { name: string };
      const file = await templateWorkbook(partOf(name).sheet, languageOf(request));
      return sendXlsx(reply, `${definition.declaration.path}_${name}_template.xlsx`, file);
    },
  );

  app.post(
    '/sub-imports/:name/import',
    routeOptions(definition, 'subImport', {
      params,
      consumes: ['multipart/form-data'],
      response: {
        200: DataEnvelope(
          Type.Object({
            imported: Type.Integer({ minimum: 0, description: 'rows written' }),
            updated: Type.Integer({ minimum: 0, description: 'records they changed' }),
          }),
        ),
        400: {
          description: 'rows with errors: the uploaded rows with a column of messages (nothing was imported)',
          content: {
            [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } },
            'application/json': { schema: ErrorEnvelope },
          },
        },
        ...errorResponses,
      },
    }),
    async (request, reply) => {
      const scope = resourceScopeOf(definition, request);
      const language = languageOf(request);
      const { name } = request.params as { name: string };
      const part = partOf(name);
      // read and check the file before any transaction, as the resource's own import does
      const sheet = await readFirstSheet(await readUpload(request, reply), part.sheet);
      if (sheet.rows.length === 0) throw fileProblem(FieldErrorKeys.required, 'the file has no data rows');
      const checked = await checkRows(part.sheet, part.validator, sheet, language);
      const rejected = async (problems: Map<number, string[]>) =>
        sendXlsx(
          reply.header('x-failed-rows', String(problems.size)),
          `import_err_${definition.declaration.path}_${name}_${fileTimestamp()}.xlsx`,
          await errorWorkbook(sheet, problems, language),
          400,
        );
      if (checked.problems.size > 0) return rejected(checked.problems);
      try {
        const outcome = await inResourceScope(db, definition, scope, (tx, reach) =>
          importSubRecords(
            tx,
            definition,
            { ...actionContextOf(request, scope), scope: reach },
            part,
            checked,
            language,
          ),
        );
        return envelope(outcome);
      } catch (error) {
        if (!(error instanceof ImportRejected)) throw error;
        return rejected(error.problems);
      }
    },
  );
}
