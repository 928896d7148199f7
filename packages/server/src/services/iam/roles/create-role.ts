import type { DataScopeValue } from '@hcm/contracts/users-roles';
import type { Db } from '../../../db/database.ts';
import { rolePermissions, roles, type RoleRow } from '../../../db/schema.ts';

export interface CreateRoleInput {
  tenantId: string;
  code: string;
  name: string;
  description?: string | null;
  /** which employees' records it reaches (default TENANT) */
  dataScope?: DataScopeValue;
  /** permission codes (`resource.action`) the role grants */
  permissions?: readonly string[];
  /** the tenant's administrator role: never deleted, its permissions never changed */
  builtIn?: boolean;
  createdBy?: string | null;
}

/**
 * A tenant role with its grants. `db` may be an inScope transaction of the same tenant (row-level
 * security then checks tenant_id) or the owner handle (seeding, tests).
 */
export async function createRole(db: Db, input: CreateRoleInput): Promise<RoleRow> {
  const createdBy = input.createdBy ?? null;
  const [role] = await db
    .insert(roles)
    .values({
      tenantId: input.tenantId,
      code: input.code,
      name: input.name,
      description: input.description ?? null,
      dataScope: input.dataScope ?? 'TENANT',
      builtIn: input.builtIn ?? false,
      createdBy,
      lastModifiedBy: createdBy,
    })
    .returning();
  if (!role) throw new Error('role insert returned nothing');
  await grantPermissions(db, role, input.permissions ?? []);
  return role;
}

/** Adds grants to a role (codes it already holds are left as they are). */
export async function grantPermissions(
  db: Db,
  role: { tenantId: string; id: string },
  permissions: readonly string[],
): Promise<void> {
  const unique = [...new Set(permissions)];
  if (unique.length === 0) return;
  await db
    .insert(rolePermissions)
    .values(unique.map((permission) => ({ tenantId: role.tenantId, roleId: role.id, permission })))
    .onConflictDoNothing();
}
