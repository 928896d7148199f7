import { DataEnvelope } from '@hcm/contracts';
import { WorkUpdateRequestPaths } from '@hcm/contracts/work-update-requests';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { inResourceScope, resourceScopeOf } from '../../../resources/caller.ts';
import type { TmDeps } from '../index.ts';
import { timesheetInputs } from '../timesheet/wiring.ts';
import { cancelApproved } from './cancel-approved.ts';
import { workUpdateRequestsUse } from './effects.ts';
import { workUpdateRequestResource as resource } from './resource.ts';

/**
 * The work update requests' own route beyond the record engine's and the approval engine's:
 * cancel after approval (cancel-approved.ts). Registering also hands the resource's hooks the
 * server's clock and the wired locked months (effects.ts).
 */
export const workUpdateRequestRoutes: FastifyPluginAsync<{ deps: TmDeps }> = async (app, { deps }) => {
  workUpdateRequestsUse({
    locks: timesheetInputs(deps.shiftPlans).locks,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  app.post(
    WorkUpdateRequestPaths.cancelApproved,
    {
      config: { auth: 'user', permission: `${resource.name}.cancel-approval`, module: resource.module },
      schema: {
        summary: 'Cancel an approved work update request: its day is computed again without it',
        tags: [`${resource.declaration.service}/${resource.declaration.path}`],
        operationId: 'tm.work-update-requests.cancel-approved',
        params: resource.schemas.idParams,
        body: Type.Object(
          {
            reason: Type.String({ minLength: 1, maxLength: 1000 }),
            version: Type.Optional(Type.Integer({ minimum: 1 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(resource.schemas.record), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const body = request.body as { reason: string; version?: number };
      return envelope(
        await inResourceScope(deps.db, resource, resourceScopeOf(resource, request), (tx, scope) =>
          cancelApproved(tx, resource, scope, id, body),
        ),
      );
    },
  );
};
