import { RecordHistoryPage, RecordHistoryQuery } from '@hcm/contracts/resource';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { errorResponses } from '../../http/envelope.ts';
import { readRecordHistory } from '../action-log/read-history.ts';
import { inResourceScope, resourceScopeOf } from '../caller.ts';
import type { ResourceDefinition } from '../types.ts';
import { findRecord } from '../write/find-record.ts';
import { routeOptions, SUB_PATHS } from './route-options.ts';

/**
 * GET /{id}/changes: the record's field changes from the action log, for whoever may read the
 * record (its view permission, and the record inside the caller's data scope: 404 otherwise).
 */
export function registerHistoryRoutes(app: FastifyInstance, definition: ResourceDefinition, db: Db): void {
  app.get(
    SUB_PATHS.changes.url,
    routeOptions(definition, 'changes', {
      params: definition.schemas.idParams,
      querystring: RecordHistoryQuery,
      response: { 200: RecordHistoryPage, ...errorResponses },
    }),
    async (request) => {
      const scope = resourceScopeOf(definition, request);
      const { id } = request.params as { id: string };
      const query = request.query as RecordHistoryQuery;
      return inResourceScope(db, definition, scope, async (tx, reach) => {
        await findRecord(tx, definition, reach, id);
        return readRecordHistory(tx, definition, scope.tenantId, id, query);
      });
    },
  );
}
