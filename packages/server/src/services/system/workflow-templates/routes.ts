import { DataEnvelope, ErrorCodes, FieldErrorKeys, FieldLimits, PageEnvelope } from '@hcm/contracts';
import {
  AssignmentType,
  WORKFLOW_TEMPLATE_SEARCH_AUTO_COMPLETE,
  workflowTemplateSchedulePath,
  WorkflowTemplateTypes,
} from '@hcm/contracts/settings';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { workflowTemplateSteps, workflowTemplateTypes } from '../../../db/tables/workflow-templates.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { AppError, validationFailed } from '../../../http/errors.ts';
import {
  callerMay,
  answerAsPicker,
  pickerOf,
  pickerPermissions,
  pickerRow,
  pickerScope,
  pickingOnly,
  refuseOutsidePicker,
  type Picker,
} from '../../../resources/pickers.ts';
import { scheduleOf, stepSla } from '../../../resources/approval/index.ts';
import { inResourceScope, resourceScopeOf } from '../../../resources/caller.ts';
import { findRecord } from '../../../resources/write/find-record.ts';
import { presentRecord } from '../../../resources/present.ts';
import { listQueryOf, orderOf, pageOf, whereOf } from '../../../resources/search/list-query.ts';
import { attachLists } from '../../../resources/write/lists.ts';
import { registerNamedLookup } from '../../../resources/routes/named-lookup-routes.ts';
import { AssigneeSources, NotificationTemplateSource } from './assignees.ts';
import { REQUESTERS, requestableKinds, workflowTemplateResource } from './resources.ts';
import { pagingQuery } from '../../../http/paging-query.ts';

const definition = workflowTemplateResource;
const TAG = 'system/workflow-templates';
const keyword = Type.Optional(Type.String({ maxLength: FieldLimits.search }));
const TemplateType = Type.Unsafe<string>({ type: 'string', enum: Object.keys(WorkflowTemplateTypes) });

/**
 * The reads of the assignment form: workflow_template.view, or sending any kind for approval
 * (`<resource>.request-approval`): such a caller reads the ACTIVE templates of the kinds they may
 * send, in the form's shape (resources/pickers.ts, the binding's `picker`).
 */
const config = (picker: Picker | null) =>
  ({ auth: 'user', permission: pickerPermissions(definition, picker), module: definition.module }) as const;

/** A picker's caller asking for kinds they may not send for approval: 403 naming what would let them. */
function refuseKindsNotRequestable(request: FastifyRequest, types: readonly string[]): void {
  const allowed = new Set(requestableKinds(callerMay(request)));
  const refused = types.filter((type) => !allowed.has(type));
  if (refused.length === 0) return;
  throw new AppError(
    403,
    ErrorCodes.forbidden,
    `Reading the workflow templates of ${refused.join(', ')} needs ${definition.permissionFor('view')} or sending such records for approval`,
    undefined,
    undefined,
    {
      permissions: [
        definition.permissionFor('view'),
        ...refused.flatMap((type) => (REQUESTERS[type] ? [REQUESTERS[type]] : [])),
      ],
    },
  );
}

/**
 * GET /search-auto-complete (catalogues §7.4 "Workflow template: GET search auto-complete
 * (keyword, sortBy=name.asc, workflowTemplateTypes, pageIndex)"): ACTIVE templates, with their
 * steps, that approve any of the kinds asked for (all kinds when none is given), by name.
 */
function searchAutoComplete(app: FastifyInstance, db: Db, picker: Picker | null) {
  const { schemas } = definition;
  app.get(
    `${definition.basePath}/search-auto-complete`,
    {
      config: config(picker),
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
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const scope = resourceScopeOf(definition, request);
      const page = pageOf(query);
      const wanted = query.workflowTemplateTypes;
      const types =
        wanted === undefined ? [] : Array.isArray(wanted) ? (wanted as string[]) : [String(wanted)];
      const only = pickingOnly(request, picker) ? picker : null;
      if (only) refuseKindsNotRequestable(request, types);
      const { rows, total } = await inResourceScope(db, definition, scope, async (tx, resolved) => {
        const reach = only ? pickerScope(only, resolved, request) : resolved;
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
      const data = rows.map((row) => presentRecord(definition, row));
      if (!only) return { data, page: { ...page, total } };
      answerAsPicker(reply, only.page);
      return { data: data.map((row) => pickerRow(only, row)), page: { ...page, total } };
    },
  );
}

/** How far from the server's clock a schedule may start: a year either way. */
const SCHEDULE_REACH_MS = 366 * 86_400_000;
const Instant = Type.String({ format: 'date-time' });

/**
 * GET /{id}/schedule?start=: the times the approval engine would give the template's steps
 * from `start` (step-deadline.ts, by the caller's tenant's working week, time zone and
 * holidays), each step starting when the previous one is due; what the assignment form shows.
 * Needs what reading the template needs; another tenant's template is a 404.
 */
function schedule(app: FastifyInstance, db: Db, picker: Picker | null) {
  app.get(
    `${definition.basePath}/:id/schedule`,
    {
      config: config(picker),
      schema: {
        summary:
          "Workflow templates: each step's start and end as the approval engine would set them from `start` (working days by the tenant's calendar)",
        tags: [TAG],
        operationId: 'system.workflow-templates.schedule',
        params: definition.schemas.idParams,
        querystring: Type.Object(
          { start: Type.String({ format: 'date-time', maxLength: 40, description: 'an ISO 8601 instant' }) },
          { additionalProperties: false },
        ),
        response: {
          200: DataEnvelope(Type.Array(Type.Object({ start: Instant, end: Instant }))),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const start = new Date((request.query as { start: string }).start);
      // an instant JavaScript cannot read (NaN) is refused too; the app injects no clock here
      // (the approval engine's is its own), so the real one
      if (!(Math.abs(start.getTime() - Date.now()) <= SCHEDULE_REACH_MS))
        throw validationFailed([
          { field: 'start', code: FieldErrorKeys.invalidValue, message: 'must be within a year of now' },
        ]);
      const scope = resourceScopeOf(definition, request);
      const only = pickingOnly(request, picker) ? picker : null;
      const times = await inResourceScope(db, definition, scope, async (tx, reach) => {
        if (only) await refuseOutsidePicker(tx, only, reach, request, id);
        else await findRecord(tx, definition, reach, id);
        const rows = await tx
          .select({
            slaUnit: workflowTemplateSteps.slaUnit,
            slaAmount: workflowTemplateSteps.slaAmount,
            slaTime: workflowTemplateSteps.slaTime,
          })
          .from(workflowTemplateSteps)
          .where(eq(workflowTemplateSteps.templateId, id))
          .orderBy(asc(workflowTemplateSteps.position));
        return scheduleOf(tx, scope.tenantId, start, rows.map(stepSla));
      });
      return envelope(
        times.map((step) => ({ start: step.start.toISOString(), end: step.end.toISOString() })),
      );
    },
  );
}

/** The workflow templates' calls beside their generic sub-paths: /api/system/workflow-templates/... */
export const workflowTemplateRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  if (WORKFLOW_TEMPLATE_SEARCH_AUTO_COMPLETE !== `${definition.basePath}/search-auto-complete`)
    throw new Error('the contract and the binding disagree on the search auto-complete path');
  if (workflowTemplateSchedulePath('ID') !== `${definition.basePath}/ID/schedule`)
    throw new Error('the contract and the binding disagree on the schedule path');
  const picker = pickerOf(app, definition);
  searchAutoComplete(app, db, picker);
  schedule(app, db, picker);
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
