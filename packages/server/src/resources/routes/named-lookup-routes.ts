import { DataEnvelope, FieldLimits, PageEnvelope, Paging } from '@hcm/contracts';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../db/database.ts';
import { errorResponses } from '../../http/envelope.ts';
import { pagingQuery } from '../../http/paging-query.ts';
import { inResourceScope, resourceScopeOf } from '../caller.ts';
import { pageOf } from '../search/list-query.ts';
import { namesOf, searchNamed, type NamedSource } from '../search/named-records.ts';
import type { ResourceDefinition } from '../types.ts';

const Uuid = Type.String({ format: 'uuid' });
const Named = Type.Object({ id: Uuid, name: Type.String(), status: Type.String() });

export interface NamedLookup {
  /** the resource whose form refers to these records: its view permission guards the look-up */
  readonly definition: ResourceDefinition;
  /** e.g. /api/system/workflow-templates/assignees/role */
  readonly path: string;
  readonly source: NamedSource;
  /** plural, for the API docs ("roles") */
  readonly what: string;
  readonly tag: string;
}

/**
 * GET {path}/auto-complete and POST {path}/find-by-ids of one kind of record a resource's form
 * refers to (a step's assignee by type, a notification's audience): what the form's pickers
 * call, with the referring resource's view permission only (an editor of workflow templates
 * need not administer roles or users).
 */
export function registerNamedLookup(app: FastifyInstance, db: Db, lookup: NamedLookup) {
  const { definition, path, source, what, tag } = lookup;
  const config = {
    auth: 'user',
    permission: definition.permissionFor('view'),
    module: definition.module,
  } as const;
  app.get(
    `${path}/auto-complete`,
    {
      config,
      schema: {
        summary: `ACTIVE ${what} to choose from, by name`,
        tags: [tag],
        querystring: Type.Object(
          { keyword: Type.Optional(Type.String({ maxLength: FieldLimits.search })), ...pagingQuery },
          { additionalProperties: false },
        ),
        response: { 200: PageEnvelope(Named), ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const scope = resourceScopeOf(definition, request);
      const page = pageOf(query);
      const text = typeof query.keyword === 'string' ? query.keyword.trim() : '';
      const { rows, total } = await inResourceScope(db, definition, scope, (tx) =>
        searchNamed(tx, source, scope.tenantId as string, text, page),
      );
      return { data: rows, page: { ...page, total } };
    },
  );
  app.post(
    `${path}/find-by-ids`,
    {
      config,
      schema: {
        summary: `The ${what} of the given ids (others are absent)`,
        tags: [tag],
        body: Type.Object(
          { ids: Type.Array(Uuid, { minItems: 1, maxItems: Paging.maxFindByIds }) },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(Type.Array(Named)), ...errorResponses },
      },
    },
    async (request) => {
      const scope = resourceScopeOf(definition, request);
      const { ids } = request.body as { ids: string[] };
      const found = await inResourceScope(db, definition, scope, (tx) =>
        namesOf(tx, source, scope.tenantId as string, ids),
      );
      return { data: [...found.values()] };
    },
  );
}
