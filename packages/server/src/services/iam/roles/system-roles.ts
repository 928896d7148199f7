import type { Db } from '../../../db/database.ts';
import {
  systemRolePermissions,
  systemRoles,
  systemUserRoles,
  type SystemRoleRow,
} from '../../../db/schema.ts';

/**
 * A system role (the grants of non-root system users, who have no tenant). Run it as the owner
 * or inside a system scope (inScope with tenantId null): row-level security hides these tables
 * from tenant scopes.
 */
export async function createSystemRole(
  db: Db,
  input: {
    code: string;
    name: string;
    description?: string | null;
    permissions?: readonly string[];
    createdBy?: string | null;
  },
): Promise<SystemRoleRow> {
  const createdBy = input.createdBy ?? null;
  const [role] = await db
    .insert(systemRoles)
    .values({
      code: input.code,
      name: input.name,
      description: input.description ?? null,
      createdBy,
      lastModifiedBy: createdBy,
    })
    .returning();
  if (!role) throw new Error('system role insert returned nothing');
  const unique = [...new Set(input.permissions ?? [])];
  if (unique.length > 0)
    await db
      .insert(systemRolePermissions)
      .values(unique.map((permission) => ({ roleId: role.id, permission })))
      .onConflictDoNothing();
  return role;
}

/** Gives a system user a system role. */
export async function assignSystemRole(
  db: Db,
  input: { userId: string; roleId: string; createdBy?: string | null },
): Promise<void> {
  await db
    .insert(systemUserRoles)
    .values({ userId: input.userId, roleId: input.roleId, createdBy: input.createdBy ?? null })
    .onConflictDoNothing();
}
