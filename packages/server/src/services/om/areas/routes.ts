import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, PageEnvelope } from '@hcm/contracts';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { runAsCaller } from '../../../http/caller-scope.ts';
import { getArea, listChildren, listProvinces, searchAreas } from './find-areas.ts';
import { Area, AreaDetail, AreaSearchQuery, CodeParams, GenerationQuery } from './schemas.ts';

export const AREAS_PATH = '/api/om/areas';

/**
 * The areas change only with a release (a new data file): a browser keeps an answer for an
 * hour and revalidates it by ETag after that. `private`: the answers need a signed-in caller.
 */
const CACHE_CONTROL = 'private, max-age=3600';

/**
 * GET /api/om/areas/provinces, /{code}, /{code}/children and /search: Vietnam's provinces,
 * districts and wards, read-only, for any signed-in user (the address fields of every form).
 */
export const areaRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const config = { auth: 'user', permission: [] } as const;
  const tags = ['om/areas'];

  // A strong ETag of the answer itself: equal data, equal tag, whatever the release. Taken
  // before serialization: the answer may then be compressed (http/compression.ts), and a 304
  // costs neither.
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
    const etag = `"${createHash('sha1').update(JSON.stringify(payload)).digest('base64url')}"`;
    reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
    const asked = request.headers['if-none-match'];
    if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) reply.code(304);
    return payload;
  });

  app.get(
    `${AREAS_PATH}/provinces`,
    {
      config,
      schema: {
        summary: 'Every province (CURRENT: the 34 since 1 July 2025; FORMER: the 63 before), in code order',
        tags,
        querystring: GenerationQuery,
        response: { 200: DataEnvelope(Type.Array(Area)), ...errorResponses },
      },
    },
    async (request) =>
      envelope(
        await runAsCaller(db, request, (tx) => listProvinces(tx, request.query.generation ?? 'CURRENT')),
      ),
  );

  app.get(
    `${AREAS_PATH}/search`,
    {
      config,
      schema: {
        summary:
          'Areas whose name holds the keyword (without diacritics or case) or whose code is the keyword',
        tags,
        querystring: AreaSearchQuery,
        response: { 200: PageEnvelope(Area), ...errorResponses },
      },
    },
    (request) => runAsCaller(db, request, (tx) => searchAreas(tx, request.query)),
  );

  app.get(
    `${AREAS_PATH}/:code`,
    {
      config,
      schema: {
        summary: 'One area with the areas above it (404 for an unknown code)',
        tags,
        params: CodeParams,
        querystring: GenerationQuery,
        response: { 200: DataEnvelope(AreaDetail), ...errorResponses },
      },
    },
    async (request) =>
      envelope(
        await runAsCaller(db, request, (tx) =>
          getArea(tx, request.query.generation ?? 'CURRENT', request.params.code),
        ),
      ),
  );

  app.get(
    `${AREAS_PATH}/:code/children`,
    {
      config,
      schema: {
        summary:
          'The areas directly under one: a province’s wards (CURRENT) or districts (FORMER), a district’s wards',
        tags,
        params: CodeParams,
        querystring: GenerationQuery,
        response: { 200: DataEnvelope(Type.Array(Area)), ...errorResponses },
      },
    },
    async (request) =>
      envelope(
        await runAsCaller(db, request, (tx) =>
          listChildren(tx, request.query.generation ?? 'CURRENT', request.params.code),
        ),
      ),
  );
};
