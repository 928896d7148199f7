import type { UserLevel } from '@hcm/contracts';
import type { AdminRole, DataScopeValue, RoleSummary } from '@hcm/contracts/users-roles';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import {
  rolePermissions,
  roles,
  systemRolePermissions,
  systemRoles,
  systemUserRoles,
  userRoles,
} from '../../../db/schema.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import { likePattern } from '../../../resources/search/list-query.ts';

/**
 * Where the roles of a caller's level live: a tenant administrator's in the tenant tables
 * (roles, role_permissions, user_roles), a system administrator's in the system tables
 * (system_roles, …). Every function here runs inside the caller's inScope transaction, so
 * row-level security confines it to the caller's tenant (or to system scope) as well.
 */
export const levelOf = (scope: Scope): UserLevel => (scope.tenantId === null ? 'SYSTEM' : 'TENANT');

export const roleTablesOf = (scope: Scope) =>
  scope.tenantId === null
    ? { role: systemRoles, grant: systemRolePermissions, holder: systemUserRoles }
    : { role: roles, grant: rolePermissions, holder: userRoles };

export interface RoleListQuery {
  keyword?: string;
  statuses?: readonly string[];
  /** `field.asc|desc` of ROLE_SORT_FIELDS; default name.asc */
  sortBy?: string;
  activeOnly?: boolean;
}

const roleColumns = (scope: Scope) => {
  const { role, holder } = roleTablesOf(scope);
  return {
    id: role.id,
    code: role.code,
    name: role.name,
    description: role.description,
    status: role.status,
    dataScope: role.dataScope,
    builtIn: role.builtIn,
    version: role.version,
    createdAt: role.createdAt,
    lastModifiedAt: role.lastModifiedAt,
    userCount: sql<number>`(select count(*)::int from ${holder} where ${holder.roleId} = ${role.id})`.mapWith(
      Number,
    ),
  };
};

type RoleRowOut = {
  id: string;
  code: string;
  name: string;
  description: string | null;
  status: 'ACTIVE' | 'INACTIVE';
  dataScope: DataScopeValue;
  builtIn: boolean;
  version: number;
  createdAt: Date;
  lastModifiedAt: Date;
  userCount: number;
};

export const presentRole = (row: RoleRowOut): AdminRole => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastModifiedAt: row.lastModifiedAt.toISOString(),
});

function whereOfRoles(scope: Scope, query: RoleListQuery): SQL | undefined {
  const { role } = roleTablesOf(scope);
  const pattern = query.keyword?.trim() ? likePattern(query.keyword.trim()) : undefined;
  const statuses = query.activeOnly ? ['ACTIVE'] : query.statuses;
  return and(
    pattern ? or(ilike(role.code, pattern), ilike(role.name, pattern)) : undefined,
    statuses && statuses.length > 0
      ? inArray(role.status, [...statuses] as ('ACTIVE' | 'INACTIVE')[])
      : undefined,
  );
}

function orderOfRoles(scope: Scope, sortBy: string | undefined): SQL[] {
  const { role } = roleTablesOf(scope);
  const [field, direction] = (sortBy ?? 'name.asc').split('.');
  const columns: Record<string, SQL> = {
    code: sql`lower(${role.code})`,
    name: sql`lower(${role.name})`,
    status: sql`${role.status}`,
    createdAt: sql`${role.createdAt}`,
    lastModifiedAt: sql`${role.lastModifiedAt}`,
  };
  const column = columns[field ?? 'name'] ?? columns.name ?? sql`1`;
  return [direction === 'desc' ? desc(column) : asc(column), asc(role.id)];
}

/** A page of the caller's roles, and how many match. */
export async function searchRoles(
  tx: Tx,
  scope: Scope,
  query: RoleListQuery,
  page: { pageIndex: number; pageSize: number },
): Promise<{ rows: AdminRole[]; total: number }> {
  const { role } = roleTablesOf(scope);
  const where = whereOfRoles(scope, query);
  const rows = await tx
    .select(roleColumns(scope))
    .from(role)
    .where(where)
    .orderBy(...orderOfRoles(scope, query.sortBy))
    .limit(page.pageSize)
    .offset((page.pageIndex - 1) * page.pageSize);
  const [total] = await tx.select({ n: count() }).from(role).where(where);
  return { rows: rows.map(presentRole), total: total?.n ?? 0 };
}

/** Roles by id (those the caller reaches), in name order. */
export async function rolesByIds(tx: Tx, scope: Scope, ids: readonly string[]): Promise<AdminRole[]> {
  if (ids.length === 0) return [];
  const { role } = roleTablesOf(scope);
  const rows = await tx
    .select(roleColumns(scope))
    .from(role)
    .where(inArray(role.id, [...ids]))
    .orderBy(...orderOfRoles(scope, undefined));
  return rows.map(presentRole);
}

/** Every ACTIVE role matching the keyword (at most `limit`), in name order. */
export async function activeRoles(tx: Tx, scope: Scope, keyword: string | undefined, limit: number) {
  const { role } = roleTablesOf(scope);
  return tx
    .select({ id: role.id, code: role.code, name: role.name })
    .from(role)
    .where(whereOfRoles(scope, { ...(keyword ? { keyword } : {}), activeOnly: true }))
    .orderBy(...orderOfRoles(scope, undefined))
    .limit(limit);
}

/** One role, locked for update when asked (the write that follows checks its version). */
export async function findRole(
  tx: Tx,
  scope: Scope,
  id: string,
  lock = false,
): Promise<AdminRole | undefined> {
  const { role } = roleTablesOf(scope);
  const query = tx.select(roleColumns(scope)).from(role).where(eq(role.id, id));
  const [row] = lock ? await query.for('update', { of: role }) : await query;
  return row ? presentRole(row) : undefined;
}

/** The codes a role grants, sorted. */
export async function permissionsOf(tx: Tx, scope: Scope, id: string): Promise<string[]> {
  const { grant } = roleTablesOf(scope);
  const rows = await tx
    .select({ permission: grant.permission })
    .from(grant)
    .where(eq(grant.roleId, id))
    .orderBy(asc(grant.permission));
  return rows.map((row) => row.permission);
}

/** Replaces the codes a role grants with `codes`. */
export async function replacePermissions(tx: Tx, scope: Scope, id: string, codes: readonly string[]) {
  const unique = [...new Set(codes)].sort();
  if (scope.tenantId === null) {
    await tx.delete(systemRolePermissions).where(eq(systemRolePermissions.roleId, id));
    if (unique.length > 0)
      await tx.insert(systemRolePermissions).values(unique.map((permission) => ({ roleId: id, permission })));
    return;
  }
  const tenantId = scope.tenantId;
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
  if (unique.length > 0)
    await tx
      .insert(rolePermissions)
      .values(unique.map((permission) => ({ tenantId, roleId: id, permission })));
}

/** The roles of each user (by user id), in name order. */
export async function rolesOfUsers(
  tx: Tx,
  scope: Scope,
  userIds: readonly string[],
): Promise<Map<string, RoleSummary[]>> {
  const result = new Map<string, RoleSummary[]>();
  if (userIds.length === 0) return result;
  const { role, holder } = roleTablesOf(scope);
  const rows = await tx
    .select({ userId: holder.userId, id: role.id, code: role.code, name: role.name })
    .from(holder)
    .innerJoin(role, eq(role.id, holder.roleId))
    .where(inArray(holder.userId, [...userIds]))
    .orderBy(sql`lower(${role.name})`, asc(role.id));
  for (const { userId, ...summary } of rows) result.set(userId, [...(result.get(userId) ?? []), summary]);
  return result;
}

/** The ids among `roleIds` that are not roles of the caller (unknown, or another tenant's). */
export async function unknownRoleIds(tx: Tx, scope: Scope, roleIds: readonly string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const { role } = roleTablesOf(scope);
  const found = await tx
    .select({ id: role.id })
    .from(role)
    .where(inArray(role.id, [...roleIds]));
  const known = new Set(found.map((row) => row.id));
  return roleIds.filter((id) => !known.has(id));
}

/** Gives a user exactly `roleIds` (roles already checked to be the caller's). */
export async function replaceUserRoles(
  tx: Tx,
  scope: Scope,
  userId: string,
  roleIds: readonly string[],
): Promise<void> {
  const unique = [...new Set(roleIds)];
  const createdBy = scope.userId;
  if (scope.tenantId === null) {
    await tx.delete(systemUserRoles).where(eq(systemUserRoles.userId, userId));
    if (unique.length > 0)
      await tx.insert(systemUserRoles).values(unique.map((roleId) => ({ userId, roleId, createdBy })));
    return;
  }
  const tenantId = scope.tenantId;
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (unique.length > 0)
    await tx.insert(userRoles).values(unique.map((roleId) => ({ tenantId, userId, roleId, createdBy })));
}

/** The ids of users holding any of the roles (a subquery). */
export function holdersOf(scope: Scope, roleIds: readonly string[]): SQL {
  const { holder } = roleTablesOf(scope);
  return sql`(select ${holder.userId} from ${holder} where ${inArray(holder.roleId, [...roleIds])})`;
}
