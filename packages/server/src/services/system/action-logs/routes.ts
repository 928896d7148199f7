import { DataEnvelope, PageEnvelope, PermissionResources } from '@hcm/contracts';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { callerScope, runAsCaller } from '../../../http/caller-scope.ts';
import { ActionLog, ActionLogQuery, type ActionLogFilters } from './schemas.ts';
import { getActionLog, searchActionLogs } from './search-action-logs.ts';

export const ACTION_LOGS_PATH = '/api/system/action-logs';

/** GET /api/system/action-logs (search) and GET /api/system/action-logs/{id}: action_log.view. */
export const actionLogRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const config = {
    auth: 'user',
    permission: 'action_log.view',
    module: PermissionResources.action_log.module,
  } as const;
  const tags = ['system/action-logs'];

  app.get(
    ACTION_LOGS_PATH,
    {
      config,
      schema: {
        summary: 'Search the action log of the caller’s tenant (or of the system, for system users)',
        tags,
        querystring: ActionLogQuery,
        response: { 200: PageEnvelope(ActionLog), ...errorResponses },
      },
    },
    (request) =>
      runAsCaller(db, request, (tx) =>
        searchActionLogs(tx, callerScope(request), request.query as ActionLogFilters),
      ),
  );

  app.get(
    `${ACTION_LOGS_PATH}/:id`,
    {
      config,
      schema: {
        summary: 'One entry of the action log',
        tags,
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false }),
        response: { 200: DataEnvelope(ActionLog), ...errorResponses },
      },
    },
    async (request) =>
      envelope(
        await runAsCaller(db, request, (tx) =>
          getActionLog(tx, callerScope(request), (request.params as { id: string }).id),
        ),
      ),
  );
};
