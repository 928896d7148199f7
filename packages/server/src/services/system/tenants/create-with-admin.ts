import { FieldErrorKeys } from '@hcm/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database.ts';
import { servicePacks } from '../../../db/schema.ts';
import { runAsCaller } from '../../../http/caller-scope.ts';
import { validationFailed } from '../../../http/errors.ts';
import { actionContextOf, resourceScopeOf } from '../../../resources/caller.ts';
import { recordActions } from '../../../resources/action-log/record-actions.ts';
import { sqlStateOf } from '../../../resources/write/db-errors.ts';
import { createRecord } from '../../../resources/write/write-records.ts';
import type { PasswordHasher } from '../../iam/passwords/password-hasher.ts';
import { addMonths } from '../../tenant/subscriptions/subscribe-tenant.ts';
import { replaceSubscription } from '../../tenant/subscriptions/replace-subscription.ts';
import {
  addTenantAdministrator,
  refuseTakenUsername,
  usernameTakenOn,
  type HandedOver,
  type HandOver,
} from './tenant-administrator.ts';
import { tenantResource } from './tenants.ts';

export type { HandOver };

export interface CreateWithAdminInput {
  /** the tenant's fields, as POST /api/system/tenants takes them */
  tenant: Record<string, unknown>;
  admin: { username: string; fullName: string; email?: string | undefined };
  servicePackId?: string | undefined;
  /** the subscription's length; default: the pack's duration */
  months?: number | undefined;
  /** the subscription's start; default: now */
  startsAt?: Date | undefined;
  handOver: HandOver;
}

export interface CreatedTenant {
  tenant: Record<string, unknown>;
  admin: { id: string; username: string; fullName: string; roleCode: string };
  subscription: { id: string; servicePackId: string; startsAt: string; endsAt: string } | null;
  /** shown once: neither the password nor the link's token is kept in clear anywhere */
  handOver: HandedOver;
}

const usernameTaken = (username: string) => usernameTakenOn('admin.username', username);

/**
 * POST /api/system/tenants/create-with-admin: in ONE transaction of the calling system user,
 * the tenant (the generic create: its checks, its action log, its seed data), its first
 * administrator (a TENANT account holding the role HR_ADMIN with every tenant-level
 * permission, as the demo tenant's), and optionally its subscription. The password is never
 * chosen by anyone: either generated and answered once (PASSWORD), or set by the
 * administrator through a one-time link (LINK); the account has no password until then.
 */
export async function createTenantWithAdmin(
  deps: { db: Db; passwords: PasswordHasher },
  request: FastifyRequest,
  input: CreateWithAdminInput,
): Promise<CreatedTenant> {
  await refuseTakenUsername(deps.db, input.admin.username, 'admin.username');

  const scope = resourceScopeOf(tenantResource, request);
  const context = { ...actionContextOf(request, scope), scope };
  try {
    return await runAsCaller(deps.db, request, async (tx) => {
      const tenant = await createRecord(tx, tenantResource, context, input.tenant);
      const tenantId = String(tenant.id);

      let pack: { id: string; duration: number } | undefined;
      if (input.servicePackId !== undefined) {
        [pack] = await tx
          .select({ id: servicePacks.id, duration: servicePacks.duration })
          .from(servicePacks)
          .where(eq(servicePacks.id, input.servicePackId));
        if (!pack)
          throw validationFailed(
            [{ field: 'servicePackId', code: FieldErrorKeys.invalidValue, message: 'is not a service pack' }],
            'The service pack does not exist',
          );
      }

      const { user, role, handOver } = await addTenantAdministrator(tx, deps.passwords, {
        tenantId,
        username: input.admin.username,
        fullName: input.admin.fullName,
        email: input.admin.email ?? null,
        handOver: input.handOver,
        createdBy: scope.userId,
      });

      let subscription: CreatedTenant['subscription'] = null;
      if (pack) {
        const startsAt = input.startsAt ?? new Date();
        const { created } = await replaceSubscription(tx, {
          tenantId,
          servicePackId: pack.id,
          startsAt,
          endsAt: addMonths(startsAt, input.months ?? pack.duration),
          userId: scope.userId,
        });
        subscription = {
          id: created.id,
          servicePackId: created.servicePackId,
          startsAt: created.startsAt.toISOString(),
          endsAt: created.endsAt.toISOString(),
        };
      }
      await recordActions(tx, context, [
        {
          resource: 'tenant',
          recordId: tenantId,
          action: 'UPDATE',
          changes: {
            administrator: { before: null, after: { username: user.username, handOver: input.handOver } },
            ...(subscription
              ? {
                  subscription: {
                    before: null,
                    after: [
                      {
                        servicePackId: subscription.servicePackId,
                        startsAt: subscription.startsAt,
                        endsAt: subscription.endsAt,
                      },
                    ],
                  },
                }
              : {}),
          },
        },
      ]);

      return {
        tenant,
        admin: { id: user.id, username: user.username, fullName: user.fullName, roleCode: role.code },
        subscription,
        handOver,
      };
    });
  } catch (error) {
    // Another request took the name between the look-up and the insert.
    if (sqlStateOf(error) === '23505' && String(error).includes('users_username_key'))
      throw usernameTaken(input.admin.username);
    throw error;
  }
}
