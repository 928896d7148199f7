import { FieldLimits, PageEnvelope } from '@hcm/contracts';
import {
  AssignmentType,
  WORKFLOW_TEMPLATE_SEARCH_AUTO_COMPLETE,
  WorkflowTemplateTypes,
} from '@hcm/contracts/settings';
import { and, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { workflowTemplateTypes } from '../../../db/tables/workflow-templates.ts';
import { errorResponses } from '../../../http/envelope.ts';
import { inResourceScope, resourceScopeOf } from '../../../resources/caller.ts';
import { presentRecord } from '../../../resources/present.ts';
import { listQueryOf, orderOf, pageOf, whereOf } from '../../../resources/search/list-query.ts';
import { attachLists } from '../../../resources/write/lists.ts';
import { registerNamedLookup } from '../../../resources/routes/named-lookup-routes.ts';
import { AssigneeSources, NotificationTemplateSource } from './assignees.ts';
import { workflowTemplateResource } from './resources.ts';
import { pagingQuery } from '../../../http/paging-query.ts';

const definition = workflowTemplateResource;
const TAG = 'system/workflow-templates';
const keyword = Type.Optional(Type.String({ maxLength: FieldLimits.search }));
const TemplateType = Type.Unsafe<string>({ type: 'string', enum: Object.keys(WorkflowTemplateTypes) });

const config = () =>
  ({ auth: 'user', permission: definition.permissionFor('view'), module: definition.module }) as const;

/**
 * GET /search-auto-complete (catalogues §7.4 "Workflow template: GET search auto-complete
 * (keyword, sortBy=name.asc, workflowTemplateTypes, pageIndex)"): ACTIVE templates, with their
 * steps, that approve any of the kinds asked for (all kinds when none is given), by name.
 */
function searchAutoComplete(app: FastifyInstance, db: Db) {
  const { schemas } = definition;
  app.get(
    `${definition.basePath}/search-auto-complete`,
    {
      config: config(),
      schema: {
        summary: 'Workflow templates: ACTIVE templates of the given approval kinds, with their steps',
        tags: [TAG],
        operationId: 'system.workflow-templates.searchAutoComplete',
        querystring: Type.Object(
          {
            keyword,
            ...pagingQuery,
            sortBy: (schemas.searchQuery as unknown as { properties: Record<string, Type.TSchema> })
              .properties.sortBy as Type.TSchema,
            workflowTemplateTypes: Type.Optional(
              Type.Union([TemplateType, Type.Array(TemplateType, { minItems: 1, maxItems: 50 })]),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: PageEnvelope(schemas.record), ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const scope = resourceScopeOf(definition, request);
      const page = pageOf(query);
      const wanted = query.workflowTemplateTypes;
      const types =
        wanted === undefined ? [] : Array.isArray(wanted) ? (wanted as string[]) : [String(wanted)];
      const { rows, total } = await inResourceScope(db, definition, scope, async (tx, reach) => {
        const list = listQueryOf(definition, query, true);
        const ofTypes =
          types.length === 0
            ? undefined
            : inArray(
                definition.columns.id,
                tx
                  .select({ id: workflowTemplateTypes.templateId })
                  .from(workflowTemplateTypes)
                  .where(inArray(workflowTemplateTypes.templateType, types)),
              );
        const where = and(whereOf(definition, reach, list), ofTypes);
        const found = (await tx
          .select()
          .from(definition.table)
          .where(where)
          .orderBy(...orderOf(definition, list.sortBy))
          .limit(page.pageSize)
          .offset((page.pageIndex - 1) * page.pageSize)) as Record<string, unknown>[];
        const [counted] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(definition.table)
          .where(where);
        return { rows: await attachLists(tx, definition, found), total: Number(counted?.n ?? 0) };
      });
      return { data: rows.map((row) => presentRecord(definition, row)), page: { ...page, total } };
    },
  );
}

/** The workflow templates' calls beside their generic sub-paths: /api/system/workflow-templates/... */
export const workflowTemplateRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  if (WORKFLOW_TEMPLATE_SEARCH_AUTO_COMPLETE !== `${definition.basePath}/search-auto-complete`)
    throw new Error('the contract and the binding disagree on the search auto-complete path');
  searchAutoComplete(app, db);
  for (const type of Object.values(AssignmentType))
    registerNamedLookup(app, db, {
      definition,
      path: `${definition.basePath}/assignees/${type.toLowerCase()}`,
      source: AssigneeSources[type],
      what: `${type.toLowerCase().replace('_', ' ')}s`,
      tag: TAG,
    });
  registerNamedLookup(app, db, {
    definition,
    path: `${definition.basePath}/notification-templates`,
    source: NotificationTemplateSource,
    what: 'notification templates',
    tag: TAG,
  });
};
