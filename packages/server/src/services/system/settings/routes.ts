import { DataEnvelope } from '@hcm/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { parameters } from '../tables/settings.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { findLatestEffective, todayInVietnam } from '../../../resources/search/find-latest-effective.ts';
import { parameterResource } from './resources.ts';

/**
 * GET /api/system/parameters/find-latest-effective?date=&code= (catalogues §7.1): each
 * parameter's value in force on a date (default today in Vietnam), or one parameter's.
 */
export const parameterRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const definition = parameterResource;
  app.get(
    `${definition.basePath}/find-latest-effective`,
    {
      config: { auth: 'user', permission: definition.permissionFor('view'), module: definition.module },
      schema: {
        summary: 'Parameters: the value of each parameter in force on a date',
        tags: ['system/parameters'],
        operationId: 'system.parameters.findLatestEffective',
        querystring: Type.Object(
          {
            date: Type.Optional(
              Type.String({ format: 'date', description: 'yyyy-MM-dd; default: today in Vietnam' }),
            ),
            code: Type.Optional(Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_.]+$' })),
          },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(Type.Array(definition.schemas.record)), ...errorResponses },
      },
    },
    async (request) => {
      const { date, code } = request.query as { date?: string; code?: string };
      return envelope(
        await findLatestEffective(
          db,
          definition,
          request,
          {
            date: 'effectiveDate',
            per: ['code'],
            where: code === undefined ? undefined : sql`lower(${parameters.code}) = lower(${code})`,
          },
          date ?? todayInVietnam(),
        ),
      );
    },
  );
};
