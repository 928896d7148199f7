import { DataEnvelope, LOOKUP_ID_MISSING, LookupEnvelope, Status, type LookupWarning } from '@hcm/contracts';
import {
  NO_COEFFICIENT_IN_FORCE,
  SALARY_SCALES,
  coefficientField,
  type DefaultCoefficient,
  type SalaryScale,
  type SalaryScaleRow,
} from '@hcm/contracts/position-coefficients';
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { FastifyPluginAsync, RouteShorthandOptions } from 'fastify';
import Type, { type TSchema } from 'typebox';
import type { Db } from '../../../db/database.ts';
import {
  positionSalaryCoefficientGrades as rows,
  positionSalaryCoefficients as tables,
} from '../tables/position-coefficients.ts';
import { salaryGrades } from '../../om/tables/wage-categories.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { inResourceScope, ownRows, resourceScopeOf } from '../../../resources/caller.ts';
import { todayInVietnam } from '../../../resources/search/find-latest-effective.ts';
import { presentRecord } from '../../../resources/present.ts';
import { attachLists } from '../../../resources/write/lists.ts';
import { positionCoefficientResource, stepsOfGrades } from './resource.ts';

const resource = positionCoefficientResource;
const DateParam = Type.String({ format: 'date', description: 'yyyy-MM-dd; default: today in Vietnam' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const SalaryScaleRowSchema = Type.Object({
  salaryGradeId: Type.String({ format: 'uuid' }),
  code: Type.String(),
  name: Type.String(),
  scales: Type.Array(Type.Unsafe<SalaryScale>({ type: 'string', enum: [...SALARY_SCALES] })),
});
const DefaultCoefficientSchema = Type.Object({
  coefficient: Type.String(),
  baseSalary: Type.String(),
  effectiveDate: Type.String({ format: 'date' }),
  positionSalaryCoefficientId: Type.String({ format: 'uuid' }),
});

/** The options of a read of the resource: its view permission, module and OpenAPI entry. */
function options(name: string, summary: string, schema: Record<string, unknown>): RouteShorthandOptions {
  return {
    config: { auth: 'user', permission: resource.permissionFor('view'), module: resource.module },
    schema: {
      ...schema,
      summary: `${resource.declaration.title.en}: ${summary}`,
      tags: [`${resource.declaration.service}/${resource.declaration.path}`],
      operationId: `${resource.declaration.service}.${resource.declaration.path}.${name}`,
    },
  };
}

/**
 * The look-ups of position salary coefficients beyond the generic sub-paths (catalogues §7.4):
 * the grades and steps the matrix is drawn with, the latest effective date on or before a day,
 * the coefficient of a grade's step in force on a day (what payroll asks), and the tables of
 * one effective date. All in the caller's tenant; only ACTIVE tables are in force.
 */
export const positionCoefficientRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const base = resource.basePath;
  const inScope = <T>(
    request: Parameters<typeof resourceScopeOf>[1],
    work: Parameters<typeof inResourceScope<T>>[3],
  ) => inResourceScope(db, resource, resourceScopeOf(resource, request), work);

  app.get(
    `${base}/salary-scales`,
    options(
      'salaryScales',
      'the ACTIVE salary grades with their steps, by priority: the rows of the matrix',
      {
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: DataEnvelope(Type.Array(SalaryScaleRowSchema)), ...errorResponses },
      },
    ),
    async (request) =>
      envelope(
        await inScope(request, async (tx): Promise<SalaryScaleRow[]> => {
          const grades = await tx
            .select({ id: salaryGrades.id, code: salaryGrades.code, name: salaryGrades.name })
            .from(salaryGrades)
            .where(eq(salaryGrades.status, Status.active))
            .orderBy(asc(salaryGrades.priority), asc(salaryGrades.code));
          const steps = await stepsOfGrades(
            tx,
            grades.map((grade) => grade.id),
          );
          return grades.map((grade) => ({
            salaryGradeId: grade.id,
            code: grade.code,
            name: grade.name,
            scales: SALARY_SCALES.filter((scale) => steps.get(grade.id)?.has(scale)),
          }));
        }),
      ),
  );

  app.get(
    `${base}/latest-effective-date`,
    options('latestEffectiveDate', 'the effective date of the ACTIVE table in force on a day (null: none)', {
      querystring: Type.Object({ date: Type.Optional(DateParam) }, { additionalProperties: false }),
      response: { 200: DataEnvelope(Nullable(Type.String({ format: 'date' }))), ...errorResponses },
    }),
    async (request) => {
      const on = (request.query as { date?: string }).date ?? todayInVietnam();
      const [latest] = await inScope(request, (tx, reach) =>
        tx
          .select({ effectiveDate: tables.effectiveDate })
          .from(tables)
          .where(
            and(ownRows(resource, reach), eq(tables.status, Status.active), lte(tables.effectiveDate, on)),
          )
          .orderBy(desc(tables.effectiveDate))
          .limit(1),
      );
      return envelope(latest?.effectiveDate ?? null);
    },
  );

  app.get(
    `${base}/default-coefficient`,
    options(
      'defaultCoefficient',
      "a grade's coefficient on a step in force on a day: null with a warning when none is",
      {
        querystring: Type.Object(
          {
            salaryGradeId: Type.Optional(Type.String({ format: 'uuid' })),
            scale: Type.Integer({ minimum: 1, maximum: SALARY_SCALES.length }),
            date: Type.Optional(DateParam),
          },
          { additionalProperties: false },
        ),
        response: { 200: LookupEnvelope(Nullable(DefaultCoefficientSchema)), ...errorResponses },
      },
    ),
    async (request) => {
      const query = request.query as { salaryGradeId?: string; scale: number; date?: string };
      const none = (warning: LookupWarning) => ({ data: null, warning });
      if (!query.salaryGradeId)
        return none({
          code: LOOKUP_ID_MISSING,
          message: 'Choose a salary grade first: salaryGradeId is missing',
        });
      const on = query.date ?? todayInVietnam();
      const scale = String(query.scale) as SalaryScale;
      const column = rows[coefficientField(scale)];
      // The table in force on the day (the newest ACTIVE one on or before it) replaces every
      // older one: a grade it leaves out, or a step it leaves empty, has no coefficient.
      const found = await inScope(request, async (tx, reach) => {
        const [table] = await tx
          .select({ id: tables.id, baseSalary: tables.baseSalary, effectiveDate: tables.effectiveDate })
          .from(tables)
          .where(
            and(ownRows(resource, reach), eq(tables.status, Status.active), lte(tables.effectiveDate, on)),
          )
          .orderBy(desc(tables.effectiveDate))
          .limit(1);
        if (!table) return null;
        const [row] = await tx
          .select({ coefficient: column })
          .from(rows)
          .where(
            and(
              eq(rows.positionSalaryCoefficientId, table.id),
              eq(rows.salaryGradeId, String(query.salaryGradeId)),
            ),
          )
          .limit(1);
        return row?.coefficient
          ? {
              coefficient: row.coefficient,
              baseSalary: table.baseSalary,
              effectiveDate: table.effectiveDate,
              positionSalaryCoefficientId: table.id,
            }
          : null;
      });
      if (!found)
        return none({
          code: NO_COEFFICIENT_IN_FORCE,
          message: `No coefficient of this grade's step ${scale} is in force on ${on}`,
        });
      return envelope<DefaultCoefficient>(found);
    },
  );

  app.post(
    `${base}/find-all-by-effective-date`,
    options('findAllByEffectiveDate', 'the tables of one effective date, with their matrices', {
      body: Type.Object({ effectiveDate: Type.String({ format: 'date' }) }, { additionalProperties: false }),
      response: { 200: DataEnvelope(Type.Array(resource.schemas.record)), ...errorResponses },
    }),
    async (request) => {
      const { effectiveDate } = request.body as { effectiveDate: string };
      const found = await inScope(request, async (tx, reach) => {
        const headers = (await tx
          .select()
          .from(tables)
          .where(and(ownRows(resource, reach), eq(tables.effectiveDate, effectiveDate)))) as Record<
          string,
          unknown
        >[];
        return attachLists(tx, resource, headers);
      });
      return envelope(found.map((row) => presentRecord(resource, row)));
    },
  );
};
