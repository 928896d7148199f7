import { DataEnvelope, ErrorEnvelope, FieldErrorKeys } from '@hcm/contracts';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import type { ExportConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { envelope, errorResponses } from '../../http/envelope.ts';
import { actionContextOf, inResourceScope, languageOf, resourceScopeOf } from '../caller.ts';
import { startExport } from '../export/export-records.ts';
import { cutOffStalledClient } from '../export/send-timeout.ts';
import { errorWorkbook } from '../import/error-workbook.ts';
import { addExistingDuplicates, ImportRejected, importRecords } from '../import/import-records.ts';
import { readFirstSheet } from '../import/read-sheet.ts';
import { fileProblem, readUpload } from '../import/read-upload.ts';
import { checkRows } from '../import/validate-rows.ts';
import { resolveReferenceCells } from '../import/resolve-references.ts';
import { exportQueryOf } from '../export/export-query.ts';
import { templateWorkbook } from '../template/template-workbook.ts';
import type { ResourceDefinition } from '../types.ts';
import { XLSX_TYPE, fileTimestamp, sendXlsx, xlsxResponse } from '../xlsx/xlsx.ts';
import { routeOptions, serves, SUB_PATHS } from './route-options.ts';

/** export (streamed), download-template and import (all rows or none; errors as a workbook). */
export function registerFileRoutes(
  app: FastifyInstance,
  definition: ResourceDefinition,
  db: Db,
  exports: ExportConfig = { sendTimeoutSeconds: 30 },
): void {
  const { schemas, declaration } = definition;
  const importRow = Compile(schemas.importRow);

  if (serves(definition, 'export'))
    app.get(
      SUB_PATHS.export.url,
      routeOptions(definition, 'export', {
        querystring: schemas.exportQuery,
        produces: [XLSX_TYPE],
        response: { 200: xlsxResponse('the records that match, as an xlsx workbook'), ...errorResponses },
      }),
      async (request, reply) => {
        const scope = resourceScopeOf(definition, request);
        const query = exportQueryOf(definition, request.query as Record<string, unknown>);
        const run = startExport(db, definition, scope, query, languageOf(request));
        await run.started;
        cutOffStalledClient(reply, exports.sendTimeoutSeconds);
        return sendXlsx(reply, `${declaration.path}_${fileTimestamp()}.xlsx`, run.stream);
      },
    );

  if (serves(definition, 'downloadTemplate'))
    app.get(
      SUB_PATHS.downloadTemplate.url,
      routeOptions(definition, 'downloadTemplate', {
        produces: [XLSX_TYPE],
        response: { 200: xlsxResponse('the import template'), ...errorResponses },
      }),
      async (request, reply) => {
        resourceScopeOf(definition, request);
        const file = await templateWorkbook(definition, languageOf(request));
        return sendXlsx(reply, `${declaration.path}_template.xlsx`, file);
      },
    );

  if (serves(definition, 'import'))
    app.post(
      SUB_PATHS.import.url,
      routeOptions(definition, 'import', {
        consumes: ['multipart/form-data'],
        response: {
          200: DataEnvelope(
            Type.Object({
              imported: Type.Integer({ minimum: 0, description: 'rows added as new records' }),
              updated: Type.Integer({
                minimum: 0,
                description: 'rows that updated the record their match field names (importMatches)',
              }),
            }),
          ),
          400: {
            description:
              'rows with errors: the uploaded rows with a column of messages (nothing was imported)',
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
        // Read and check the file before any transaction: a slow or hostile file holds no
        // connection (on PGlite, the only one) while it is parsed.
        const sheet = await readFirstSheet(await readUpload(request, reply), definition);
        if (sheet.rows.length === 0) throw fileProblem(FieldErrorKeys.required, 'the file has no data rows');
        // reference cells typed as a code or a name become ids: one short read
        await inResourceScope(db, definition, scope, (tx) =>
          resolveReferenceCells(tx, definition, scope, sheet),
        );
        const checked = await checkRows(definition, importRow, sheet, language);
        const contextIn = (reach: typeof scope) => ({ ...actionContextOf(request, scope), scope: reach });
        // x-failed-rows: how many rows the error workbook marks, for the page to say so.
        const rejected = async (problems: Map<number, string[]>) =>
          sendXlsx(
            reply.header('x-failed-rows', String(problems.size)),
            `import_err_${declaration.path}_${fileTimestamp()}.xlsx`,
            await errorWorkbook(sheet, problems, language),
            400,
          );
        if (checked.problems.size > 0) {
          // Nothing will be written: one short read adds "already exists" to the messages.
          await inResourceScope(db, definition, scope, (tx, reach) =>
            addExistingDuplicates(tx, definition, contextIn(reach), checked, language),
          );
          return rejected(checked.problems);
        }
        try {
          const outcome = await inResourceScope(db, definition, scope, (tx, reach) =>
            importRecords(tx, definition, contextIn(reach), checked, language),
          );
          return envelope(outcome);
        } catch (error) {
          if (!(error instanceof ImportRejected)) throw error;
          return rejected(error.problems);
        }
      },
    );
}
