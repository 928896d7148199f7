import { DataEnvelope, PageEnvelope, PermissionResources } from '@hcm/contracts';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { callerScope, runAsCaller } from '../../../http/caller-scope.ts';
import { OutboundLog, OutboundLogQuery, type OutboundLogFilters } from './schemas.ts';
import { getOutboundLog, searchOutboundLogs } from './search-outbound-logs.ts';

export const OUTBOUND_LOGS_PATH = '/api/system/outbound-logs';

/**
 * GET /api/system/outbound-logs (search) and GET /api/system/outbound-logs/{id}, under
 * action_log.view as the action log: a system user reads every call, a tenant user the calls
 * its own tenant's requests caused.
 */
export const outboundLogRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const config = {
    auth: 'user',
    permission: 'action_log.view',
    module: PermissionResources.action_log.module,
  } as const;
  const tags = ['system/outbound-logs'];

  app.get(
    OUTBOUND_LOGS_PATH,
    {
      config,
      schema: {
        summary: 'Search the calls the server made to other systems (file store, e-mail, webhooks)',
        tags,
        querystring: OutboundLogQuery,
        response: { 200: PageEnvelope(OutboundLog), ...errorResponses },
      },
    },
    (request) =>
      runAsCaller(db, request, (tx) =>
        searchOutboundLogs(tx, callerScope(request), request.query as OutboundLogFilters),
      ),
  );

  app.get(
    `${OUTBOUND_LOGS_PATH}/:id`,
    {
      config,
      schema: {
        summary: 'One call of the outbound log',
        tags,
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false }),
        response: { 200: DataEnvelope(OutboundLog), ...errorResponses },
      },
    },
    async (request) =>
      envelope(
        await runAsCaller(db, request, (tx) =>
          getOutboundLog(tx, callerScope(request), (request.params as { id: string }).id),
        ),
      ),
  );
};
