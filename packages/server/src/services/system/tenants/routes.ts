import { DataEnvelope, ForbiddenReasons, PermissionResources } from '@hcm/contracts';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { createPasswordHasher, type PasswordHasher } from '../../iam/passwords/password-hasher.ts';
import { forbiddenBecause } from '../../../http/errors.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { actionContextOf } from '../../../resources/caller.ts';
import { callerScope, runAsCaller } from '../../../http/caller-scope.ts';
import { replaceSubscription } from '../../tenant/subscriptions/replace-subscription.ts';
import { addMonths } from '../../tenant/subscriptions/subscribe-tenant.ts';
import { servicePacks } from '../../../db/schema.ts';
import { eq } from 'drizzle-orm';
import { administrationRoutes } from './administration-routes.ts';
import { recordActions } from '../../../resources/action-log/record-actions.ts';

const Uuid = Type.String({ format: 'uuid' });
const DateTime = Type.String({ format: 'date-time' });

const Months = Type.Integer({ minimum: 1, maximum: 1200 });

/** startsAt omitted: now; endsAt omitted: startsAt plus `months`, by default the pack's duration. */
const SubscriptionBody = Type.Object(
  {
    servicePackId: Uuid,
    startsAt: Type.Optional(DateTime),
    endsAt: Type.Optional(DateTime),
    months: Type.Optional(Months),
  },
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

/**
 * POST /api/system/tenants/{id}/subscription (tenant.update, system users only), and the
 * tenant administration routes (administration-routes.ts).
 */
export const tenantRoutes: FastifyPluginAsync<{ db: Db; passwords?: PasswordHasher }> = async (
  app,
  { db, passwords },
) => {
  await app.register(administrationRoutes, { db, passwords: passwords ?? (await createPasswordHasher()) });
  app.post(
    '/api/system/tenants/:id/subscription',
    {
      config: { auth: 'user', permission: 'tenant.update', module: PermissionResources.tenant.module },
      schema: {
        summary:
          "Set a tenant's subscription: its pack and period (replaces the current one); the period defaults to now for the pack's duration",
        tags: ['system/tenants'],
        params: Type.Object({ id: Uuid }, { additionalProperties: false }),
        body: SubscriptionBody,
        response: { 200: DataEnvelope(Subscription), ...errorResponses },
      },
    },
    async (request) => {
      const scope = callerScope(request);
      if (scope.tenantId !== null)
        throw forbiddenBecause(ForbiddenReasons.systemOnly, 'Only system users manage subscriptions');
      const tenantId = (request.params as { id: string }).id;
      const body = request.body as SubscriptionBody;
      const row = await runAsCaller(db, request, async (tx) => {
        const startsAt = body.startsAt === undefined ? new Date() : new Date(body.startsAt);
        const [pack] = await tx
          .select({ duration: servicePacks.duration })
          .from(servicePacks)
          .where(eq(servicePacks.id, body.servicePackId));
        const endsAt =
          body.endsAt === undefined
            ? addMonths(startsAt, body.months ?? pack?.duration ?? 1)
            : new Date(body.endsAt);
        const { created, replaced } = await replaceSubscription(tx, {
          tenantId,
          servicePackId: body.servicePackId,
          startsAt,
          endsAt,
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
