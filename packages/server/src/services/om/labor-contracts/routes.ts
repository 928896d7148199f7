import { DataEnvelope } from '@hcm/contracts';
import {
  CONTRACT_EXPIRING_PATH,
  CONTRACT_IN_FORCE_PATH,
  ExpiringContract,
} from '@hcm/contracts/labor-contracts';
import { EXPIRY_NOTICE_DAYS } from '@hcm/contracts/system';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { actionContextOf, inResourceScope, ownRows, resourceScopeOf } from '../../../resources/caller.ts';
import { todayInVietnam } from '../../../resources/search/find-latest-effective.ts';
import { expiryNoticeDays, findExpiringContracts } from './expiring.ts';
import { findContractInForce } from './find-in-force.ts';
import { renewContract } from './renew.ts';
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

const ExpiringQuery = Type.Object(
  {
    days: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: EXPIRY_NOTICE_DAYS.maximum,
        description: 'how many days ahead; default: the tenant setting contractExpiryNoticeDays (30)',
      }),
    ),
  },
  { additionalProperties: false },
);

const tag = `${resource.declaration.service}/${resource.declaration.path}`;
const operation = (name: string) => `${resource.declaration.service}.${resource.declaration.path}.${name}`;

/**
 * GET /api/om/contracts/in-force: a worker's contract and annexes on a day (contract.view);
 * GET /expiring: contracts about to end (contract.view); POST /{id}/renew: the next contract as a
 * draft (contract.create). `today` is the clock (tests inject one).
 */
export const laborContractRoutes: FastifyPluginAsync<{ db: Db; today?: () => string }> = async (
  app,
  { db, today = todayInVietnam },
) => {
  app.get(
    CONTRACT_EXPIRING_PATH,
    {
      config: { auth: 'user', permission: resource.permissionFor('view'), module: resource.module },
      schema: {
        summary: `${resource.declaration.title.en}: signed contracts ending within some days and not yet renewed, soonest first`,
        tags: [tag],
        operationId: operation('expiring'),
        querystring: ExpiringQuery,
        response: { 200: DataEnvelope(Type.Array(ExpiringContract)), ...errorResponses },
      },
    },
    async (request) => {
      const { days } = request.query as { days?: number };
      const scope = resourceScopeOf(resource, request);
      return envelope(
        await inResourceScope(db, resource, scope, async (tx, reach) =>
          findExpiringContracts(
            tx,
            ownRows(resource, reach),
            today(),
            days ?? (await expiryNoticeDays(tx, String(scope.tenantId))),
          ),
        ),
      );
    },
  );

  app.post(
    '/api/om/contracts/:id/renew',
    {
      config: { auth: 'user', permission: resource.permissionFor('create'), module: resource.module },
      schema: {
        summary: `${resource.declaration.title.en}: renew — a draft of the next contract, from this one`,
        tags: [tag],
        operationId: operation('renew'),
        params: resource.schemas.idParams,
        response: { 200: DataEnvelope(resource.schemas.record), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const scope = resourceScopeOf(resource, request);
      return envelope(
        await inResourceScope(db, resource, scope, (tx, reach) =>
          renewContract(tx, { ...actionContextOf(request, scope), scope: reach }, id, today()),
        ),
      );
    },
  );

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
