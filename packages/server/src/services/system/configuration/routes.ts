import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope } from '@hcm/contracts';
import { APPROVAL_RULES_API_PATH, ApprovalRules } from '@hcm/contracts/approvals';
import { CONFIGURATION_API_PATH, Configuration, ConfigurationBody } from '@hcm/contracts/system';
import type { TokenConfig } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import { callerScope, runAsCaller } from '../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { requesterMayApprove } from '../../../resources/approval/four-eyes.ts';
import { actionContextOf } from '../../../resources/caller.ts';
import { readConfiguration } from './read-configuration.ts';
import { updateConfiguration } from './update-configuration.ts';

/**
 * System › Configuration: GET and PUT /api/system/configuration, the caller's own record (its
 * tenant's; the system defaults for system users). No module: sessions depend on it, so no
 * service pack may lock a tenant out of shortening them.
 */
export const configurationRoutes: FastifyPluginAsyncTypebox<{
  deps: { db: Db; tokens: TokenConfig };
}> = async (app, { deps }) => {
  const tags = ['system/configuration'];
  app.get(
    CONFIGURATION_API_PATH,
    {
      config: { auth: 'user', permission: 'configuration.view' },
      schema: {
        summary: "Configuration: the caller's tenant settings (system users: the defaults)",
        tags,
        operationId: 'system.configuration.get',
        response: { 200: DataEnvelope(Configuration), ...errorResponses },
      },
    },
    async (request) =>
      envelope(
        await runAsCaller(deps.db, request, (tx) =>
          readConfiguration(tx, callerScope(request).tenantId, deps.tokens),
        ),
      ),
  );

  // Every signed-in user may read this one setting: the workflow form of anyone who requests an
  // approval leaves them out of the assignees by it, and requesters rarely hold configuration.view.
  app.get(
    APPROVAL_RULES_API_PATH,
    {
      config: { auth: 'user', permission: [] },
      schema: {
        summary: "Approval rules of the caller's tenant: whether a requester may take a step of their own",
        tags,
        operationId: 'system.configuration.approval-rules',
        response: { 200: DataEnvelope(ApprovalRules), ...errorResponses },
      },
    },
    async (request) =>
      envelope({
        requesterMayApprove: await runAsCaller(deps.db, request, (tx) =>
          requesterMayApprove(tx, callerScope(request).tenantId),
        ),
      }),
  );

  app.put(
    CONFIGURATION_API_PATH,
    {
      config: { auth: 'user', permission: 'configuration.update' },
      schema: {
        summary: 'Configuration: save the settings (409 when the version read is stale)',
        tags,
        operationId: 'system.configuration.update',
        body: ConfigurationBody,
        response: { 200: DataEnvelope(Configuration), ...errorResponses },
      },
    },
    async (request) => {
      const scope = callerScope(request);
      return envelope(
        await runAsCaller(deps.db, request, (tx) =>
          updateConfiguration(tx, actionContextOf(request, scope), request.body, deps.tokens),
        ),
      );
    },
  );
};
