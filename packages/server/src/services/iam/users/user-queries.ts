import type { AdminUser, UserSummary } from '@hcm/contracts/users-roles';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { users, type UserRow } from '../../../db/schema.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import { likePattern } from '../../../resources/search/list-query.ts';
import { holdersOf, rolesOfUsers } from '../roles/role-store.ts';

/**
 * The users an administrator manages through these pages: those of its own level and tenant
 * (a tenant administrator its tenant's users, a system administrator the system users). Stated
 * explicitly although row-level security already confines each inScope transaction to them.
 */
export const sameLevelAs = (scope: Scope): SQL =>
  scope.tenantId === null ? isNull(users.tenantId) : eq(users.tenantId, scope.tenantId);

export interface UserListQuery {
  keyword?: string;
  statuses?: readonly string[];
  roleIds?: readonly string[];
  /** `field.asc|desc`; default username.asc */
  sortBy?: string;
  activeOnly?: boolean;
}

const SORTS: Record<string, SQL> = {
  username: sql`lower(${users.username})`,
  fullName: sql`lower(${users.fullName})`,
  email: sql`lower(${users.email})`,
  status: sql`${users.status}`,
  lastLoginAt: sql`${users.lastLoginAt}`,
  createdAt: sql`${users.createdAt}`,
  lastModifiedAt: sql`${users.lastModifiedAt}`,
};

export function whereOfUsers(scope: Scope, query: UserListQuery): SQL | undefined {
  const keyword = query.keyword?.trim();
  const pattern = keyword ? likePattern(keyword) : undefined;
  const statuses = query.activeOnly ? ['ACTIVE'] : query.statuses;
  return and(
    sameLevelAs(scope),
    pattern
      ? or(ilike(users.username, pattern), ilike(users.fullName, pattern), ilike(users.email, pattern))
      : undefined,
    statuses && statuses.length > 0
      ? inArray(users.status, [...statuses] as ('ACTIVE' | 'INACTIVE')[])
      : undefined,
    query.roleIds && query.roleIds.length > 0
      ? sql`${users.id} in ${holdersOf(scope, query.roleIds)}`
      : undefined,
  );
}

export function orderOfUsers(sortBy: string | undefined): SQL[] {
  const [field, direction] = (sortBy ?? 'username.asc').split('.');
  const column = SORTS[field ?? 'username'] ?? SORTS.username ?? sql`1`;
  // Nulls (no e-mail, never signed in) last either way; then the id, so pages never overlap.
  return [
    direction === 'desc' ? sql`${desc(column)} nulls last` : sql`${asc(column)} nulls last`,
    asc(users.id),
  ];
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export async function presentUsers(tx: Tx, scope: Scope, rows: readonly UserRow[]): Promise<AdminUser[]> {
  const rolesOf = await rolesOfUsers(
    tx,
    scope,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    status: row.status,
    userLevel: row.userLevel,
    isRoot: row.isRoot,
    roles: rolesOf.get(row.id) ?? [],
    lastLoginAt: iso(row.lastLoginAt),
    createdAt: row.createdAt.toISOString(),
    lastModifiedAt: row.lastModifiedAt.toISOString(),
    version: row.version,
  }));
}

export const summaryOf = (
  row: Pick<UserRow, 'id' | 'username' | 'fullName' | 'email' | 'status'>,
): UserSummary => ({
  id: row.id,
  username: row.username,
  fullName: row.fullName,
  email: row.email,
  status: row.status,
});

/** A page of the caller's users with their roles, and how many match. */
export async function searchUsers(
  tx: Tx,
  scope: Scope,
  query: UserListQuery,
  page: { pageIndex: number; pageSize: number },
): Promise<{ rows: AdminUser[]; total: number }> {
  const where = whereOfUsers(scope, query);
  const rows = await tx
    .select()
    .from(users)
    .where(where)
    .orderBy(...orderOfUsers(query.sortBy))
    .limit(page.pageSize)
    .offset((page.pageIndex - 1) * page.pageSize);
  const [total] = await tx.select({ n: count() }).from(users).where(where);
  return { rows: await presentUsers(tx, scope, rows), total: total?.n ?? 0 };
}

/** Users as look-ups show them: a page in the given order (ACTIVE only when asked). */
export async function userSummaries(
  tx: Tx,
  scope: Scope,
  query: UserListQuery,
  page: { pageIndex: number; pageSize: number },
): Promise<{ rows: UserSummary[]; total: number }> {
  const where = whereOfUsers(scope, query);
  const rows = await tx
    .select()
    .from(users)
    .where(where)
    .orderBy(...orderOfUsers(query.sortBy))
    .limit(page.pageSize)
    .offset((page.pageIndex - 1) * page.pageSize);
  const [total] = await tx.select({ n: count() }).from(users).where(where);
  return { rows: rows.map(summaryOf), total: total?.n ?? 0 };
}

/** One of the caller's users (undefined when it does not reach it). */
export async function findManagedUser(
  tx: Tx,
  scope: Scope,
  id: string,
  lock = false,
): Promise<UserRow | undefined> {
  const query = tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), sameLevelAs(scope)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The caller's users among `ids`, in user-name order. */
export async function usersByIds(tx: Tx, scope: Scope, ids: readonly string[]): Promise<AdminUser[]> {
  const rows = await tx
    .select()
    .from(users)
    .where(and(sameLevelAs(scope), inArray(users.id, [...ids])))
    .orderBy(...orderOfUsers(undefined));
  return presentUsers(tx, scope, rows);
}
