import { DataEnvelope, LOOKUP_ID_MISSING, LookupEnvelope, PageEnvelope, Paging } from '@hcm/contracts';
import type { FastifyPluginAsync, FastifyRequest, RouteShorthandOptions } from 'fastify';
import Type, { type TSchema } from 'typebox';
import type { Db } from '../../../db/database.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { actionContextOf, inResourceScope, resourceScopeOf } from '../../../resources/caller.ts';
import { presentRecord } from '../../../resources/present.ts';
import { listQueryOf, pageOf, type ListQuery } from '../../../resources/search/list-query.ts';
import { searchRecords } from '../../../resources/search/search-records.ts';
import type { PermissionAction, ResourceDefinition } from '../../../resources/types.ts';
import { findRecord } from '../../../resources/write/find-record.ts';
import { attachLists } from '../../../resources/write/lists.ts';
import { updateRecord } from '../../../resources/write/write-records.ts';
import { findLatestEffective, todayInVietnam } from '../../../resources/search/find-latest-effective.ts';
import { contractTypeResource, regionWageResource, salaryGradeResource } from './resources.ts';

const Uuid = Type.String({ format: 'uuid' });
const NoQuery = Type.Object({}, { additionalProperties: false });

/** The options of a route of `definition`: its permission, module and OpenAPI entry. */
function options(
  definition: ResourceDefinition,
  action: PermissionAction,
  name: string,
  summary: string,
  schema: Record<string, TSchema | Record<string, TSchema>>,
): RouteShorthandOptions {
  const { service, path, title } = definition.declaration;
  return {
    config: { auth: 'user', permission: definition.permissionFor(action), module: definition.module },
    schema: {
      ...schema,
      summary: `${title.en}: ${summary}`,
      tags: [`${service}/${path}`],
      operationId: `${service}.${path}.${name}`,
    },
  };
}

/** Records of `definition` that match `query`, with their lists, in the caller's scope. */
async function search(
  db: Db,
  definition: ResourceDefinition,
  request: FastifyRequest,
  query: ListQuery,
  page: { pageIndex: number; pageSize: number },
) {
  const scope = resourceScopeOf(definition, request);
  const { rows, total } = await inResourceScope(db, definition, scope, async (tx, reach) => {
    const found = await searchRecords(tx, definition, reach, query, page);
    return { rows: await attachLists(tx, definition, found.rows), total: found.total };
  });
  return { data: rows.map((row) => presentRecord(definition, row)), page: { ...page, total } };
}

/**
 * The look-ups of the wage categories beyond the generic sub-paths (catalogues §7.1, §7.4):
 * region wages in force on a date, the active salary grades and a grade's steps, and the
 * contract type's salary rate changed on its own.
 */
export const wageCategoryRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const regionWage = regionWageResource;
  app.get(
    `${regionWage.basePath}/find-latest-effective`,
    options(regionWage, 'view', 'findLatestEffective', 'the wage of each region in force on a date', {
      querystring: Type.Object(
        {
          date: Type.Optional(
            Type.String({ format: 'date', description: 'yyyy-MM-dd; default: today in Vietnam' }),
          ),
        },
        { additionalProperties: false },
      ),
      response: { 200: DataEnvelope(Type.Array(regionWage.schemas.record)), ...errorResponses },
    }),
    async (request) => {
      const date = (request.query as { date?: string }).date ?? todayInVietnam();
      // per region, the ACTIVE record with the latest effective date on or before `date`
      return envelope(
        await findLatestEffective(db, regionWage, request, { date: 'effectiveDate', per: ['region'] }, date),
      );
    },
  );

  const grade = salaryGradeResource;
  app.get(
    `${grade.basePath}/find-all-active`,
    options(grade, 'view', 'findAllActive', 'every ACTIVE grade with its steps, by priority', {
      querystring: NoQuery,
      response: { 200: DataEnvelope(Type.Array(grade.schemas.record)), ...errorResponses },
    }),
    async (request) => {
      const query: ListQuery = { filters: {}, activeOnly: true, sortBy: 'priority.asc' };
      const page = { pageIndex: 1, pageSize: Paging.maxAutoCompleteAll };
      return envelope((await search(db, grade, request, query, page)).data);
    },
  );

  app.get(
    `${grade.basePath}/general-auto-complete`,
    options(grade, 'view', 'generalAutoComplete', 'ACTIVE grades whose code or name matches, paged', {
      querystring: grade.schemas.autoCompleteQuery,
      response: { 200: PageEnvelope(grade.schemas.record), ...errorResponses },
    }),
    (request) => {
      const query = request.query as Record<string, unknown>;
      return search(db, grade, request, listQueryOf(grade, query, true), pageOf(query));
    },
  );

  app.get(
    `${grade.basePath}/scales`,
    options(grade, 'view', 'scales', "a grade's steps (1 to 5)", {
      querystring: Type.Object({ salaryGradeId: Type.Optional(Uuid) }, { additionalProperties: false }),
      response: {
        200: LookupEnvelope(Type.Array(Type.Object({ index: Type.Integer({ minimum: 1, maximum: 5 }) }))),
        ...errorResponses,
      },
    }),
    async (request) => {
      const { salaryGradeId } = request.query as { salaryGradeId?: string };
      if (!salaryGradeId)
        return {
          data: [],
          warning: {
            code: LOOKUP_ID_MISSING,
            message: 'Choose a salary grade first: salaryGradeId is missing',
          },
        };
      const scope = resourceScopeOf(grade, request);
      const row = await inResourceScope(db, grade, scope, async (tx, reach) => {
        const found = await findRecord(tx, grade, reach, salaryGradeId);
        await attachLists(tx, grade, [found]);
        return found;
      });
      const scales = (row.scales as string[] | undefined) ?? [];
      return envelope(scales.map((scale) => ({ index: Number(scale) })));
    },
  );

  const contractType = contractTypeResource;
  app.post(
    `${contractType.basePath}/:id/update-salary-rate`,
    options(
      contractType,
      'update',
      'updateSalaryRate',
      'change the salary rate (optimistic: send the version read)',
      {
        params: Type.Object({ id: Uuid }, { additionalProperties: false }),
        body: Type.Object(
          { salaryRate: contractType.field('salaryRate').schema, version: Type.Integer({ minimum: 1 }) },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(contractType.schemas.record), ...errorResponses },
      },
    ),
    async (request) => {
      const { id } = request.params as { id: string };
      const body = request.body as { salaryRate: string; version: number };
      const scope = resourceScopeOf(contractType, request);
      return envelope(
        await inResourceScope(db, contractType, scope, (tx, reach) =>
          updateRecord(tx, contractType, { ...actionContextOf(request, scope), scope: reach }, id, body),
        ),
      );
    },
  );
};
