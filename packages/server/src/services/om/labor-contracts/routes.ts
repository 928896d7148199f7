import { DataEnvelope } from '@hcm/contracts';
import { CONTRACT_IN_FORCE_PATH } from '@hcm/contracts/labor-contracts';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { inResourceScope, ownRows, resourceScopeOf } from '../../../resources/caller.ts';
import { todayInVietnam } from '../../../resources/search/find-latest-effective.ts';
import { findContractInForce } from './find-in-force.ts';
import { laborContractResource as resource } from './resources.ts';

const InForceQuery = Type.Object(
  {
    workerId: Type.String({ format: 'uuid' }),
    date: Type.Optional(
      Type.String({ format: 'date', description: 'yyyy-MM-dd; default: today in Vietnam' }),
    ),
  },
  { additionalProperties: false },
);

const InForce = Type.Object({
  date: Type.String({ format: 'date' }),
  contract: Type.Union([resource.schemas.record, Type.Null()]),
  annexes: Type.Array(resource.schemas.record),
});

/** GET /api/om/contracts/in-force: a worker's contract and annexes on a day (contract.view). */
export const laborContractRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(
    CONTRACT_IN_FORCE_PATH,
    {
      config: { auth: 'user', permission: resource.permissionFor('view'), module: resource.module },
      schema: {
        summary: `${resource.declaration.title.en}: the employee's contract in force on a day, with its annexes in force`,
        tags: [`${resource.declaration.service}/${resource.declaration.path}`],
        operationId: `${resource.declaration.service}.${resource.declaration.path}.inForce`,
        querystring: InForceQuery,
        response: { 200: DataEnvelope(InForce), ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query as { workerId: string; date?: string };
      const date = query.date ?? todayInVietnam();
      return envelope(
        await inResourceScope(db, resource, resourceScopeOf(resource, request), (tx, reach) =>
          findContractInForce(tx, ownRows(resource, reach), query.workerId, date),
        ),
      );
    },
  );
};
