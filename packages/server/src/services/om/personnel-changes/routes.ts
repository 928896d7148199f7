import { DataEnvelope, hasAuthority } from '@hcm/contracts';
import { HISTORY_KINDS, type HistoryKind } from '@hcm/contracts/personnel-changes';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { workers } from '../tables/workers.ts';
import { requireActor } from '../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { notFound } from '../../../http/errors.ts';
import { inResourceScope, languageOf, ownRows, resourceScopeOf } from '../../../resources/caller.ts';
import { workerResource as resource } from '../workers/resources.ts';
import { findWorkerHistory, HISTORY_PERMISSIONS } from './find-worker-history.ts';

const HistoryEntry = Type.Object({
  kind: Type.Union(HISTORY_KINDS.map((kind) => Type.Literal(kind))),
  id: Type.String({ format: 'uuid' }),
  number: Type.Union([Type.String(), Type.Null()]),
  effectiveDate: Type.String({ format: 'date' }),
  approvalStatus: Type.Union([Type.String(), Type.Null()]),
  appliedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  summary: Type.String(),
  route: Type.String(),
});

/**
 * GET /api/om/workers/{id}/history (worker.view): the employee's contracts and decisions, oldest
 * first, of the kinds the caller may also view; 404 for an employee outside the caller's reach.
 */
export const workerHistoryRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(
    `${resource.contract.apiPath}/:id/history`,
    {
      config: { auth: 'user', permission: resource.permissionFor('view'), module: resource.module },
      schema: {
        summary: 'Employee: every contract and decision, in the order they took effect',
        tags: [`${resource.declaration.service}/${resource.declaration.path}`],
        operationId: `${resource.declaration.service}.${resource.declaration.path}.history`,
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 200: DataEnvelope(Type.Array(HistoryEntry)), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const actor = requireActor(request);
      const kinds = new Set<HistoryKind>(
        HISTORY_KINDS.filter((kind) =>
          hasAuthority(actor.permissions, HISTORY_PERMISSIONS[kind], actor.isRoot),
        ),
      );
      return envelope(
        await inResourceScope(db, resource, resourceScopeOf(resource, request), async (tx, reach) => {
          const [found] = await tx
            .select({ id: workers.id })
            .from(workers)
            .where(and(eq(workers.id, id), ownRows(resource, reach)));
          if (!found) throw notFound('No such employee');
          return findWorkerHistory(tx, id, kinds, languageOf(request));
        }),
      );
    },
  );
};
