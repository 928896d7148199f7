import { ConflictReasons, ErrorCodes, FieldErrorKeys, permissionCodesForLevel } from '@hcm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/database.ts';
import { roles, users, type RoleRow, type UserRow } from '../../../db/schema.ts';
import { AppError, conflictBecause } from '../../../http/errors.ts';
import { HR_ADMIN_ROLE } from '../../../bootstrap/seed-initial-data.ts';
import { generatePassword } from '../../iam/passwords/generate-password.ts';
import type { PasswordHasher } from '../../iam/passwords/password-hasher.ts';
import { assignRole } from '../../iam/roles/assign-role.ts';
import { createRole } from '../../iam/roles/create-role.ts';
import { createUser } from '../../iam/users/create-user.ts';
import { issuePasswordLink } from './password-links.ts';

export type HandOver = 'LINK' | 'PASSWORD';

/** Shown once: neither the password nor the link's token is kept in clear anywhere. */
export type HandedOver =
  | { kind: 'PASSWORD'; username: string; password: string }
  | { kind: 'LINK'; username: string; link: string; expiresAt: string };

/** 409 on `field`: user names are unique across the whole system (sign-in has no tenant field). */
export const usernameTakenOn = (field: string, username: string) =>
  new AppError(409, ErrorCodes.conflict, `The user name ${username} is taken`, [
    { field, code: FieldErrorKeys.invalidValue, message: 'is already taken' },
  ]);

/**
 * Refuses a user name any user has, in any tenant. Users span tenants and row-level security
 * shows a request only its own, so the owner handle `db` looks the name up; the unique index
 * settles a race (the caller maps its 23505 to the same 409).
 */
export async function refuseTakenUsername(db: Db, username: string, field: string): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (taken) throw usernameTakenOn(field, username);
}

/** Sets the tenant row-level security reads for the statements that follow (LOCAL). */
const scopeToTenant = (tx: Tx, tenantId: string) =>
  tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);

/**
 * The tenant's administrator role: its built-in HR_ADMIN, holding every tenant-level permission
 * (never deleted, its grants never edited), created with those grants when the tenant has none
 * yet (a new tenant, or one created without an administrator). A role of the tenant's own
 * that took the code is not the administrator role: 409 rather than handing it out.
 */
async function administratorRole(tx: Tx, tenantId: string, createdBy: string | null): Promise<RoleRow> {
  const [existing] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.code, HR_ADMIN_ROLE.code)));
  if (existing?.builtIn) return existing;
  if (existing)
    throw conflictBecause(
      ConflictReasons.administratorRoleTaken,
      `The tenant has a role ${HR_ADMIN_ROLE.code} of its own that is not its administrator role: rename it first`,
      { code: HR_ADMIN_ROLE.code },
    );
  return createRole(tx, {
    tenantId,
    ...HR_ADMIN_ROLE,
    permissions: permissionCodesForLevel('TENANT'),
    createdBy,
  });
}

export interface NewAdministrator {
  tenantId: string;
  username: string;
  fullName: string;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  handOver: HandOver;
  /** the system user who acts */
  createdBy: string | null;
}

/**
 * An administrator account of a tenant, in the calling system user's transaction `tx`: a
 * TENANT account holding the tenant's administrator role. The password is never chosen by
 * anyone: either generated and answered once (PASSWORD; the user replaces it at first sign-in),
 * or set by the user through a one-time link (LINK; the account has no password until then).
 * Used for the first administrator (create-with-admin.ts) and for later contacts
 * (create-tenant-contact.ts). Leaves `app.tenant_id` empty again (system scope).
 */
export async function addTenantAdministrator(
  tx: Tx,
  passwords: PasswordHasher,
  input: NewAdministrator,
): Promise<{ user: UserRow; role: RoleRow; handOver: HandedOver }> {
  await scopeToTenant(tx, input.tenantId);
  const password = input.handOver === 'PASSWORD' ? generatePassword() : undefined;
  const user = await createUser(
    { db: tx, passwords },
    {
      tenantId: input.tenantId,
      username: input.username,
      fullName: input.fullName,
      email: input.email ?? null,
      phone: input.phone ?? null,
      // A printed password is known to whoever printed it: the administrator replaces it.
      ...(password === undefined ? {} : { password, passwordChangeRequired: true }),
      accountType: 'TENANT',
      createdBy: input.createdBy,
    },
  );
  const role = await administratorRole(tx, input.tenantId, input.createdBy);
  await assignRole(tx, {
    tenantId: input.tenantId,
    userId: user.id,
    roleId: role.id,
    createdBy: input.createdBy,
  });
  const link =
    input.handOver === 'LINK'
      ? await issuePasswordLink(tx, { userId: user.id, issuedBy: input.createdBy })
      : null;
  await scopeToTenant(tx, '');
  return {
    user,
    role,
    handOver: link
      ? { kind: 'LINK', username: user.username, link: link.link, expiresAt: link.expiresAt.toISOString() }
      : { kind: 'PASSWORD', username: user.username, password: password ?? '' },
  };
}
