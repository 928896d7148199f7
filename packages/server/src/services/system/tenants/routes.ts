import { DataEnvelope, ErrorCodes, PermissionResources } from '@hcm/contracts';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { actionContextOf } from '../../../resources/caller.ts';
import { callerScope, runAsCaller } from '../../../http/caller-scope.ts';
import { replaceSubscription } from '../../tenant/subscriptions/replace-subscription.ts';
import { recordActions } from '../../../resources/action-log/record-actions.ts';

const Uuid = Type.String({ format: 'uuid' });
const DateTime = Type.String({ format: 'date-time' });

const SubscriptionBody = Type.Object(
  { servicePackId: Uuid, startsAt: DateTime, endsAt: DateTime },
  { additionalProperties: false },
);
type SubscriptionBody = Type.Static<typeof SubscriptionBody>;

const Subscription = Type.Object({
  id: Uuid,
  tenantId: Uuid,
  servicePackId: Uuid,
  startsAt: DateTime,
  endsAt: DateTime,
});

const periodOf = (row: { servicePackId: string; startsAt: Date; endsAt: Date }) => ({
  servicePackId: row.servicePackId,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
});

/** POST /api/system/tenants/{id}/subscription (tenant.update, system users only). */
export const tenantRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/system/tenants/:id/subscription',
    {
      config: { auth: 'user', permission: 'tenant.update', module: PermissionResources.tenant.module },
      schema: {
        summary: "Set a tenant's subscription: its pack and period (replaces the current one)",
        tags: ['system/tenants'],
        params: Type.Object({ id: Uuid }, { additionalProperties: false }),
        body: SubscriptionBody,
        response: { 200: DataEnvelope(Subscription), ...errorResponses },
      },
    },
    async (request) => {
      const scope = callerScope(request);
      if (scope.tenantId !== null)
        throw new AppError(403, ErrorCodes.forbidden, 'Only system users manage subscriptions');
      const tenantId = (request.params as { id: string }).id;
      const body = request.body as SubscriptionBody;
      const row = await runAsCaller(db, request, async (tx) => {
        const { created, replaced } = await replaceSubscription(tx, {
          tenantId,
          servicePackId: body.servicePackId,
          startsAt: new Date(body.startsAt),
          endsAt: new Date(body.endsAt),
          userId: scope.userId,
        });
        await recordActions(tx, actionContextOf(request, scope), [
          {
            resource: 'tenant',
            recordId: tenantId,
            action: 'UPDATE',
            changes: {
              // What the change removed (null when nothing overlapped): the real previous value.
              subscription: {
                before: replaced.length === 0 ? null : replaced.map(periodOf),
                after: [periodOf(created)],
              },
            },
          },
        ]);
        return created;
      });
      return envelope({
        id: row.id,
        tenantId: row.tenantId,
        servicePackId: row.servicePackId,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
      });
    },
  );
};
