import { DataEnvelope } from '@hcm/contracts';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { inResourceScope, resourceScopeOf } from '../../../resources/caller.ts';
import type { ResourceDefinition } from '../../../resources/types.ts';
import type { TmDeps } from '../index.ts';
import { timesheetInputs } from '../timesheet/wiring.ts';
import { cancelApproved, type CancelEffects } from './cancel-approved.ts';
import { requestDocumentsUse } from './effects.ts';

/**
 * A request document's own route beyond the record engine's and the approval engine's: POST
 * `path` (…/:id/cancel-approved) with a reason, under the permission `<resource>.cancel-approval`.
 * Registering also hands the documents' hooks the server's clock and the wired locked months
 * (effects.ts).
 */
export function cancelApprovedRoute(
  resource: ResourceDefinition,
  path: string,
  summary: string,
  effects: CancelEffects,
): FastifyPluginAsync<{ deps: TmDeps }> {
  return async (app, { deps }) => {
    const inputs = timesheetInputs(deps.shiftPlans);
    requestDocumentsUse({
      locks: inputs.locks,
      inputs,
      ...(deps.clock ? { clock: deps.clock } : {}),
    });
    app.post(
      path,
      {
        config: { auth: 'user', permission: `${resource.name}.cancel-approval`, module: resource.module },
        schema: {
          summary,
          tags: [`${resource.declaration.service}/${resource.declaration.path}`],
          operationId: `${resource.declaration.service}.${resource.declaration.path}.cancel-approved`,
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
            cancelApproved(tx, resource, scope, id, body, effects),
          ),
        );
      },
    );
  };
}
