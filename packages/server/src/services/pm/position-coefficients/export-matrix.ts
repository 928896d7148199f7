import { SALARY_SCALES, coefficientField } from '@hcm/contracts/position-coefficients';
import { asc, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { salaryGrades } from '../../om/tables/wage-categories.ts';
import { errorResponses } from '../../../http/envelope.ts';
import { inResourceScope, languageOf, resourceScopeOf } from '../../../resources/caller.ts';
import { attachLists } from '../../../resources/write/lists.ts';
import { findRecord } from '../../../resources/write/find-record.ts';
import { fileTimestamp, sendXlsx, sheetName, xlsxResponse } from '../../../resources/xlsx/xlsx.ts';
import { matrixHeaders } from './matrix-layout.ts';
import { positionCoefficientResource as resource } from './resource.ts';

type Row = Record<string, unknown>;

/**
 * GET /{id}/export-matrix: one table's matrix as a sheet a person reads and keeps, one row per
 * grade (its code and name) with the coefficient of steps 1–5 as numbers (empty where none),
 * in the order of the table (matrix-layout.ts; POST /{id}/import-matrix reads it back, so an
 * export is also the import's template). `position_coefficient.export`; another tenant's table is 404.
 */
export const exportMatrixRoute: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(
    `${resource.basePath}/:id/export-matrix`,
    {
      config: { auth: 'user', permission: resource.permissionFor('export'), module: resource.module },
      schema: {
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false }),
        response: { 200: xlsxResponse('the matrix: a row per grade, a column per step'), ...errorResponses },
        summary: `${resource.declaration.title.en}: one table's matrix as a workbook, a row per grade`,
        tags: [`${resource.declaration.service}/${resource.declaration.path}`],
        operationId: `${resource.declaration.service}.${resource.declaration.path}.exportMatrix`,
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const language = languageOf(request);
      const { table, grades } = await inResourceScope(
        db,
        resource,
        resourceScopeOf(resource, request),
        async (tx, reach) => {
          const found = await findRecord(tx, resource, reach, id);
          await attachLists(tx, resource, [found]);
          const rows = (found.salaryGrades ?? []) as Row[];
          const ids = rows.map((row) => String(row.salaryGradeId));
          const named =
            ids.length === 0
              ? []
              : await tx
                  .select({ id: salaryGrades.id, code: salaryGrades.code, name: salaryGrades.name })
                  .from(salaryGrades)
                  .where(inArray(salaryGrades.id, ids))
                  .orderBy(asc(salaryGrades.code));
          return { table: found, grades: new Map(named.map((grade) => [grade.id, grade])) };
        },
      );
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet(sheetName(String(table.name)));
      sheet.addRow(matrixHeaders().map((header) => header[language]));
      sheet.getRow(1).font = { bold: true };
      for (const row of (table.salaryGrades ?? []) as Row[]) {
        const grade = grades.get(String(row.salaryGradeId));
        sheet.addRow([
          grade?.code ?? '',
          grade?.name ?? '',
          ...SALARY_SCALES.map((scale) => {
            const value = row[coefficientField(scale)];
            return value === null || value === undefined ? null : Number(value);
          }),
        ]);
      }
      sheet.columns.forEach((column, index) => {
        column.width = index < 2 ? 24 : 10;
        if (index >= 2) column.numFmt = '0.000';
      });
      const file = Buffer.from(await workbook.xlsx.writeBuffer());
      return sendXlsx(reply, `${resource.declaration.path}_matrix_${fileTimestamp()}.xlsx`, file);
    },
  );
};
