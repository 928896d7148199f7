import { ALL_PERMISSION_CODES, ErrorCodes, permissionCodesForLevel, type UserLevel } from '@hcm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import {
  rolePermissions,
  roles,
  systemRolePermissions,
  systemRoles,
  systemUserRoles,
  userRoles,
  users,
} from '../../../db/schema.ts';
import { AppError } from '../../../http/errors.ts';

/** The caller of a request, as authorization sees it. */
export interface Actor {
  userId: string;
  /** null for system users */
  tenantId: string | null;
  isRoot: boolean;
  userLevel: UserLevel;
  /**
   * The permission codes the caller holds: every declared code for root; for others the union
   * of the grants of their active roles (tenant roles for tenant users, system roles for system
   * users), limited to the codes their level may hold.
   */
  permissions: ReadonlySet<string>;
}

const grantableBy: Record<UserLevel, ReadonlySet<string>> = {
  SYSTEM: new Set(permissionCodesForLevel('SYSTEM')),
  TENANT: new Set(permissionCodesForLevel('TENANT')),
};

/**
 * Loads the actor. Run it inside the caller's scope (inScope with the token's tenant): row-level
 * security then only shows the caller's own tenant's users, roles and grants. A token whose
 * user no longer exists (or has moved out of the token's tenant) gives 404 USER_NOT_FOUND.
 */
export async function loadActor(tx: Db, userId: string): Promise<Actor> {
  const [user] = await tx
    .select({ id: users.id, tenantId: users.tenantId, isRoot: users.isRoot, userLevel: users.userLevel })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError(404, ErrorCodes.userNotFound, 'The signed-in user no longer exists');

  let granted: string[];
  if (user.isRoot) granted = [...ALL_PERMISSION_CODES];
  else if (user.tenantId !== null) {
    const rows = await tx
      .selectDistinct({ permission: rolePermissions.permission })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
      .innerJoin(
        rolePermissions,
        and(eq(rolePermissions.tenantId, roles.tenantId), eq(rolePermissions.roleId, roles.id)),
      )
      .where(
        and(eq(userRoles.tenantId, user.tenantId), eq(userRoles.userId, user.id), eq(roles.status, 'ACTIVE')),
      );
    granted = rows.map((r) => r.permission);
  } else {
    const rows = await tx
      .selectDistinct({ permission: systemRolePermissions.permission })
      .from(systemUserRoles)
      .innerJoin(systemRoles, eq(systemRoles.id, systemUserRoles.roleId))
      .innerJoin(systemRolePermissions, eq(systemRolePermissions.roleId, systemRoles.id))
      .where(and(eq(systemUserRoles.userId, user.id), eq(systemRoles.status, 'ACTIVE')));
    granted = rows.map((r) => r.permission);
  }
  const allowed = grantableBy[user.userLevel];
  return {
    userId: user.id,
    tenantId: user.tenantId,
    isRoot: user.isRoot,
    userLevel: user.userLevel,
    permissions: new Set(user.isRoot ? granted : granted.filter((code) => allowed.has(code))),
  };
}

/** The actor's codes as a sorted list (me/authorities, the profile's grantedPermissions). */
export function grantedCodes(actor: Actor): string[] {
  return [...actor.permissions].sort();
}
