import { DataEnvelope } from '@hcm/contracts';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { inResourceScope, resourceScopeOf } from '../../../resources/caller.ts';
import type { TmDeps } from '../index.ts';
import { readShiftPlans } from './read-plans.ts';
import { workShiftResource as resource } from './resource.ts';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** Plans asked for at once at most. */
export const PLANS_PER_REQUEST = 100;

const Range = Type.Object({ start: Type.Integer(), end: Type.Integer() });
const PlanSchema = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  kind: Type.Union([Type.Literal('FIXED'), Type.Literal('FLEXIBLE'), Type.Literal('SPLIT')]),
  segments: Type.Array(
    Type.Object({ start: Type.Integer(), end: Type.Integer(), checkIn: Range, checkOut: Range }),
  ),
  breaks: Type.Array(Range),
  paidBreaks: Type.Array(Range),
  lateToleranceMinutes: Type.Integer(),
  earlyToleranceMinutes: Type.Integer(),
  requiredMinutes: Type.Integer(),
  coreHours: Type.Array(Range),
  dayValue: Type.Integer(),
  coefficient: Type.Integer(),
});

/**
 * GET /api/tm/work-shifts/plans?ids=…: the shifts' plans (shift-plan.ts: minutes from the work
 * day's 00:00, windows, tolerances, breaks, core hours), what the timesheet engine and other
 * systems read of a shift; served from the process's cache (shift-plan-cache.ts), which every
 * write to the tenant's shifts clears in every process.
 */
export const workShiftRoutes: FastifyPluginAsync<{ deps: TmDeps }> = async (app, { deps }) => {
  app.get(
    `${resource.basePath}/plans`,
    {
      config: { auth: 'user', permission: resource.permissionFor('view'), module: resource.module },
      schema: {
        summary: `${resource.declaration.title.en}: the plans of some shifts, as the timesheet engine reads them`,
        tags: [`${resource.declaration.service}/${resource.declaration.path}`],
        operationId: `${resource.declaration.service}.${resource.declaration.path}.plans`,
        querystring: Type.Object(
          {
            ids: Type.String({
              description: `comma-separated ids, at most ${PLANS_PER_REQUEST}`,
              pattern: `^${UUID}(,${UUID}){0,${PLANS_PER_REQUEST - 1}}$`,
            }),
          },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(Type.Array(PlanSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const ids = (request.query as { ids: string }).ids.split(',');
      const plans = await inResourceScope(
        deps.db,
        resource,
        resourceScopeOf(resource, request),
        (tx, scope) =>
          deps.shiftPlans.plans(scope.tenantId ?? '', ids, (missing) => readShiftPlans(tx, missing)),
      );
      return envelope(ids.flatMap((id) => plans.get(id) ?? []));
    },
  );
};
