import { DataEnvelope, LOOKUP_ID_MISSING, LookupEnvelope, Paging } from '@hcm/contracts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import type { ResourceDefinition } from '../../../resources/index.ts';
import { inResourceScope, resourceScopeOf } from '../../../resources/caller.ts';
import { presentRecord } from '../../../resources/present.ts';
import { listQueryOf } from '../../../resources/search/list-query.ts';
import { findRecordsByIds, searchRecords } from '../../../resources/search/search-records.ts';
import { attachLists } from '../../../resources/write/lists.ts';
import { militaryGroupResource, technicalGroupResource } from './resources.ts';

const ScalesBody = Type.Object(
  {
    ids: Type.Optional(
      Type.Array(Type.String({ format: 'uuid' }), {
        maxItems: Paging.maxFindByIds,
        description: 'the groups whose scales are wanted; none → an empty answer with a warning',
      }),
    ),
  },
  { additionalProperties: false },
);

type Row = Record<string, unknown>;

/**
 * POST {base}/scales and GET {base}/find-all-active of one group resource (catalogues §7.4,
 * "Technical and military group: POST get scales {ids}, GET find all active"). `list` is the
 * group's children field (ranks, levels).
 */
function groupLookups(app: FastifyInstance, db: Db, definition: ResourceDefinition, list: string) {
  const { declaration, schemas } = definition;
  const tag = `${declaration.service}/${declaration.path}`;
  const config = {
    auth: 'user',
    permission: definition.permissionFor('view'),
    module: definition.module,
  } as const;
  const spec = definition.lists[list];
  if (!spec) throw new Error(`${definition.basePath} has no list ${list}`);
  const Scale = Type.Object({
    id: Type.String({ format: 'uuid' }),
    code: Type.String(),
    name: Type.String(),
    [list]: Type.Array(spec.item, { maxItems: spec.maxItems }),
  });

  app.post(
    `${definition.basePath}/scales`,
    {
      config,
      schema: {
        summary: `${declaration.title.en}: the ${list} of each group asked for`,
        tags: [tag],
        operationId: `${declaration.service}.${declaration.path}.scales`,
        body: ScalesBody,
        response: { 200: LookupEnvelope(Type.Array(Scale)), ...errorResponses },
      },
    },
    async (request) => {
      const scope = resourceScopeOf(definition, request);
      const ids = (request.body as { ids?: string[] } | undefined)?.ids ?? [];
      if (ids.length === 0)
        return {
          data: [],
          warning: {
            code: LOOKUP_ID_MISSING,
            message: 'No group ids were given: there are no scales to show',
          },
        };
      const rows = await inResourceScope(db, definition, scope, async (tx, reach) =>
        attachLists(tx, definition, await findRecordsByIds(tx, definition, reach, ids)),
      );
      return {
        data: rows.map((row: Row) => ({ id: row.id, code: row.code, name: row.name, [list]: row[list] })),
      };
    },
  );

  app.get(
    `${definition.basePath}/find-all-active`,
    {
      config,
      schema: {
        summary: `${declaration.title.en}: every ACTIVE group with its ${list} (at most ${Paging.maxAutoCompleteAll})`,
        tags: [tag],
        operationId: `${declaration.service}.${declaration.path}.findAllActive`,
        response: { 200: DataEnvelope(Type.Array(schemas.record)), ...errorResponses },
      },
    },
    async (request) => {
      const scope = resourceScopeOf(definition, request);
      const query = listQueryOf(definition, {}, true);
      const paging = { pageIndex: 1, pageSize: Paging.maxAutoCompleteAll };
      const rows = await inResourceScope(db, definition, scope, async (tx, reach) =>
        attachLists(tx, definition, (await searchRecords(tx, definition, reach, query, paging)).rows),
      );
      return envelope(rows.map((row) => presentRecord(definition, row)));
    },
  );
}

/** The look-ups of military and technical groups beside their generic sub-paths: /api/om/... */
export const scaleGroupRoutes: FastifyPluginAsync<{ deps: { db: Db } }> = async (app, { deps }) => {
  groupLookups(app, deps.db, militaryGroupResource, 'ranks');
  groupLookups(app, deps.db, technicalGroupResource, 'levels');
};
