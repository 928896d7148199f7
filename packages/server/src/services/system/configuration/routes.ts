import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope } from '@hcm/contracts';
import { CONFIGURATION_API_PATH, Configuration, ConfigurationBody } from '@hcm/contracts/system';
import type { TokenConfig } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import { callerScope, runAsCaller } from '../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
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
