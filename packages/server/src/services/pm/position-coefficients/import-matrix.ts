import { DataEnvelope } from '@hcm/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { salaryGrades } from '../../om/tables/wage-categories.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { validationFailed } from '../../../http/errors.ts';
import { actionContextOf, inResourceScope, languageOf, resourceScopeOf } from '../../../resources/caller.ts';
import { readUpload } from '../../../resources/import/read-upload.ts';
import { findRecord } from '../../../resources/write/find-record.ts';
import { updateRecord } from '../../../resources/write/write-records.ts';
import { checkMatrixRows, gradeCodesOf, MAX_PROBLEMS, type KnownGrades } from './check-matrix-rows.ts';
import { MATRIX_COLUMNS, MATRIX_MAX_GRADES } from './matrix-layout.ts';
import { readMatrixSheet } from './read-matrix-sheet.ts';
import { positionCoefficientResource as resource, stepsOfGrades } from './resource.ts';

/**
 * POST /{id}/import-matrix (multipart, field `file`): replaces one table's grade × step matrix
 * with the sheet's, in the layout GET /{id}/export-matrix writes (which is thus its template).
 * The file is read within the matrix's own bounds (read-matrix-sheet.ts) before any
 * transaction; then, in one transaction of the caller's tenant, every cell is checked against
 * the tenant's grades (check-matrix-rows.ts) and, only when none is wrong, the matrix is
 * written by the framework's update (the resource's own matrix checks, the version, the action
 * log). Any problem → 400 listing each one by row and column, and nothing is written.
 * `position_coefficient.update`; another tenant's table is 404.
 */
export const importMatrixRoute: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.post(
    `${resource.basePath}/:id/import-matrix`,
    {
      config: { auth: 'user', permission: resource.permissionFor('update'), module: resource.module },
      schema: {
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false }),
        consumes: ['multipart/form-data'],
        response: { 200: DataEnvelope(resource.schemas.record), ...errorResponses },
        summary: `${resource.declaration.title.en}: replace one table's matrix with a workbook in the export's layout`,
        tags: [`${resource.declaration.service}/${resource.declaration.path}`],
        operationId: `${resource.declaration.service}.${resource.declaration.path}.importMatrix`,
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const language = languageOf(request);
      const scope = resourceScopeOf(resource, request);
      const rows = await readMatrixSheet(await readUpload(request, reply), {
        columns: MATRIX_COLUMNS,
        rows: 1 + MATRIX_MAX_GRADES,
      });
      return envelope(
        await inResourceScope(db, resource, scope, async (tx, reach) => {
          const before = await findRecord(tx, resource, reach, id);
          const codes = gradeCodesOf(rows).filter((code) => code !== '');
          const found =
            codes.length === 0
              ? []
              : await tx
                  .select({ id: salaryGrades.id, code: salaryGrades.code })
                  .from(salaryGrades)
                  .where(inArray(sql`lower(${salaryGrades.code})`, codes));
          const steps = await stepsOfGrades(
            tx,
            found.map((grade) => grade.id),
          );
          const grades: KnownGrades = new Map(
            found.map((grade) => [
              grade.code.toLowerCase(),
              { ...grade, steps: steps.get(grade.id) ?? new Set<string>() },
            ]),
          );
          const { problems, items } = checkMatrixRows(rows, grades, language);
          if (problems.length > 0)
            throw validationFailed(
              problems,
              `The matrix cannot be imported (${problems.length === MAX_PROBLEMS ? `at least ${MAX_PROBLEMS}` : problems.length} problems; nothing was changed): ${problems[0]?.message ?? ''}`,
            );
          return updateRecord(tx, resource, { ...actionContextOf(request, scope), scope: reach }, id, {
            salaryGrades: items,
            version: before.version,
          });
        }),
      );
    },
  );
};
