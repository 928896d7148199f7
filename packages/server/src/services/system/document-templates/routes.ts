import { DataEnvelope, Paging } from '@hcm/contracts';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { inResourceScope, resourceScopeOf } from '../../../resources/caller.ts';
import { presentRecord } from '../../../resources/present.ts';
import { listQueryOf } from '../../../resources/search/list-query.ts';
import { searchRecords } from '../../../resources/search/search-records.ts';
import { attachLists } from '../../../resources/write/lists.ts';
import { userManualResource } from './resources.ts';

/**
 * GET /api/system/user-manuals/find-all-active: the ACTIVE user manuals, by priority, for the
 * guideline viewer of every signed-in user (no permission needed: the manuals are for all).
 * Each carries fileInfo (name, size, type) for its download link.
 */
export const userManualRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const definition = userManualResource;
  app.get(
    `${definition.basePath}/find-all-active`,
    {
      config: { auth: 'user', permission: [] },
      schema: {
        summary: 'User manuals: every ACTIVE manual, for any signed-in user',
        tags: ['system/user-manuals'],
        operationId: 'system.userManuals.findAllActive',
        response: { 200: DataEnvelope(Type.Array(definition.schemas.record)), ...errorResponses },
      },
    },
    async (request) => {
      const scope = resourceScopeOf(definition, request);
      const query = listQueryOf(definition, { sortBy: 'priority.asc' }, true);
      const rows = await inResourceScope(db, definition, scope, async (tx, reach) =>
        attachLists(
          tx,
          definition,
          (
            await searchRecords(tx, definition, reach, query, {
              pageIndex: 1,
              pageSize: Paging.maxAutoCompleteAll,
            })
          ).rows,
        ),
      );
      return envelope(rows.map((row) => presentRecord(definition, row)));
    },
  );
};
