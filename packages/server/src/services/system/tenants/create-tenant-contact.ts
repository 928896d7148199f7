import { ConflictReasons, ErrorCodes, FieldErrorKeys, type ErrorParams } from '@hcm/contracts';
import type { CreateTenantContactBody, CreatedTenantContact } from '@hcm/contracts/users-roles';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database.ts';
import { tenants } from '../../../db/schema.ts';
import { runAsCaller } from '../../../http/caller-scope.ts';
import { AppError } from '../../../http/errors.ts';
import { actionContextOf, resourceScopeOf } from '../../../resources/caller.ts';
import { sqlStateOf } from '../../../resources/write/db-errors.ts';
import type { PasswordHasher } from '../../iam/passwords/password-hasher.ts';
import { recordUserAdministration } from '../../iam/users/record-user-administration.ts';
import { addTenantAdministrator, refuseTakenUsername, usernameTakenOn } from './tenant-administrator.ts';
import { tenantResource } from './tenants.ts';

const onTenant = (status: number, code: string, message: string, why: string, params?: ErrorParams) =>
  new AppError(
    status,
    code,
    message,
    [{ field: 'tenantId', code: FieldErrorKeys.invalidValue, message: why }],
    undefined,
    params,
  );

/**
 * POST /api/iam/users/tenant (catalogues §7.4 "create a tenant contact"): a system
 * administrator adds another contact to an existing tenant — an administrator account of it,
 * made exactly as the first one of create-with-admin (tenant-administrator.ts), its password
 * set by the contact through a one-time link answered here once. In the caller's transaction:
 * an unknown tenant is 404, a suspended one 409 (its users could not sign in anyway), a taken
 * user name 409 on `username`; nothing is written then. Logged as a CREATE of the user, in the
 * system's log and the tenant's (recordUserAdministration), like other user administration.
 */
export async function createTenantContact(
  deps: { db: Db; passwords: PasswordHasher },
  request: FastifyRequest,
  body: CreateTenantContactBody,
): Promise<CreatedTenantContact> {
  // System users only: a tenant user is 403 here, whatever its permissions.
  const scope = resourceScopeOf(tenantResource, request);
  const context = { ...actionContextOf(request, scope), scope };
  await refuseTakenUsername(deps.db, body.username, 'username');
  try {
    return await runAsCaller(deps.db, request, async (tx) => {
      // Shared lock: a suspension waits for this contact, or this contact sees the suspension.
      const [tenant] = await tx
        .select({ id: tenants.id, status: tenants.status })
        .from(tenants)
        .where(eq(tenants.id, body.tenantId))
        .for('share');
      if (!tenant)
        throw onTenant(404, ErrorCodes.notFound, `No tenant with id ${body.tenantId}`, 'is not a tenant');
      if (tenant.status !== 'ACTIVE')
        throw onTenant(
          409,
          ErrorCodes.conflict,
          'The tenant is suspended: resume it before adding a contact',
          'is suspended',
          { reason: ConflictReasons.tenantSuspended },
        );
      const { user, role, handOver } = await addTenantAdministrator(tx, deps.passwords, {
        tenantId: tenant.id,
        username: body.username,
        fullName: body.fullName,
        email: body.email,
        phone: body.phoneNumber ?? null,
        handOver: 'LINK',
        createdBy: scope.userId,
      });
      if (handOver.kind !== 'LINK') throw new Error('a contact is handed a link');
      await recordUserAdministration(tx, context, 'CREATE', [user], {
        fullName: { before: null, after: user.fullName },
        email: { before: null, after: user.email },
        ...(user.phone ? { phone: { before: null, after: user.phone } } : {}),
        roles: { before: null, after: [role.code] },
        handOver: { before: null, after: 'LINK' },
      });
      return {
        user: {
          id: user.id,
          tenantId: tenant.id,
          username: user.username,
          fullName: user.fullName,
          email: user.email ?? body.email,
          phone: user.phone,
          roleCode: role.code,
        },
        handOver,
      };
    });
  } catch (error) {
    // Another request took the name between the look-up and the insert.
    if (sqlStateOf(error) === '23505' && String(error).includes('users_username_key'))
      throw usernameTakenOn('username', body.username);
    throw error;
  }
}
