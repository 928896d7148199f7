import { permissionCodesForLevel, type UserLevel } from '@hcm/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { Actor } from '../../../http/caller-scope.ts';
import { SCOPE_WIDTH, scopeOfWidth, type Rights } from './rights.ts';

/*
 * The rights the escalation rule compares, read in the transaction of the change they guard (so a
 * role given meanwhile by someone else counts). Each works in a tenant scope (inScope) and in an
 * owner transaction whose app.tenant_id is set to the actor's tenant (escalation.ts does that).
 */

const grantable: Record<UserLevel, ReadonlySet<string>> = {
  SYSTEM: new Set(permissionCodesForLevel('SYSTEM')),
  TENANT: new Set(permissionCodesForLevel('TENANT')),
};

const widthCase = sql.raw(
  `case r.data_scope when 'TENANT' then ${SCOPE_WIDTH.TENANT} when 'UNITS' then ${SCOPE_WIDTH.UNITS} else ${SCOPE_WIDTH.SELF} end`,
);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `a, b, …` of distinct ids as uuids, for an `in (…)`. */
const uuidList = (ids: readonly string[]) =>
  sql.join(
    [...new Set(ids)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * The actor's rights: the codes the request loaded, and the widest data scope of its ACTIVE
 * roles. Root, system users (whose roles have no data scope) and API clients (whose scopes are
 * the tenant's: om's worker-reach.ts) reach the whole tenant.
 */
export async function actorRights(tx: Db, actor: Actor): Promise<Rights> {
  const whole = { isRoot: actor.isRoot, level: actor.userLevel, permissions: actor.permissions };
  if (actor.isRoot || actor.tenantId === null) return { ...whole, dataScope: 'TENANT' };
  const [row] = rowsOf<{ is_user: boolean; widest: number | null }>(
    await tx.execute(sql`
      select exists (select 1 from users where id = ${actor.userId}::uuid) as is_user,
        (select max(${widthCase}) from user_roles ur
           join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.status = 'ACTIVE'
          where ur.user_id = ${actor.userId}::uuid) as widest`),
  );
  if (!row?.is_user) return { ...whole, dataScope: 'TENANT' };
  return { ...whole, dataScope: scopeOfWidth(row.widest === null ? null : Number(row.widest)) };
}

/** An account as the rule sees it: who it is, and the rights of every role it holds. */
export interface AccountRights extends Rights {
  readonly id: string;
  readonly username: string;
  readonly tenantId: string | null;
}

/**
 * The rights of these accounts. Every role they hold counts, ACTIVE or not: a dormant role
 * someone else turns back on must not hand a delegated administrator an account it could take.
 */
export async function accountRights(tx: Db, ids: readonly string[]): Promise<Map<string, AccountRights>> {
  const found = new Map<string, AccountRights>();
  if (ids.length === 0) return found;
  const list = uuidList(ids);
  const rows = rowsOf<{
    id: string;
    username: string;
    tenant_id: string | null;
    is_root: boolean;
    user_level: UserLevel;
    granted: string[] | null;
    widest: number | null;
  }>(
    await tx.execute(sql`
      select u.id, u.username, u.tenant_id, u.is_root, u.user_level,
        case when u.tenant_id is not null then array(
            select distinct rp.permission from user_roles ur
              join role_permissions rp on rp.tenant_id = ur.tenant_id and rp.role_id = ur.role_id
             where ur.tenant_id = u.tenant_id and ur.user_id = u.id)
          else array(
            select distinct srp.permission from system_user_roles sur
              join system_role_permissions srp on srp.role_id = sur.role_id
             where sur.user_id = u.id)
        end as granted,
        case when u.tenant_id is not null then (
            select max(${widthCase}) from user_roles ur
              join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id
             where ur.tenant_id = u.tenant_id and ur.user_id = u.id)
          else ${SCOPE_WIDTH.TENANT}
        end as widest
      from users u where u.id in (${list})`),
  );
  for (const row of rows)
    found.set(row.id, {
      id: row.id,
      username: row.username,
      tenantId: row.tenant_id,
      isRoot: row.is_root,
      level: row.user_level,
      permissions: new Set((row.granted ?? []).filter((code) => grantable[row.user_level].has(code))),
      dataScope: scopeOfWidth(row.widest === null ? null : Number(row.widest)),
    });
  return found;
}

/** A role as the rule sees it. */
export interface RoleRights extends Rights {
  readonly id: string;
  readonly code: string;
  /** whether the actor holds it (changing its grants changes the actor's own rights) */
  readonly heldByActor: boolean;
}

/** The rights of these roles of the actor's level, and whether the actor holds each. */
export async function roleRights(
  tx: Db,
  level: UserLevel,
  actorId: string,
  ids: readonly string[],
): Promise<Map<string, RoleRights>> {
  const found = new Map<string, RoleRights>();
  if (ids.length === 0) return found;
  const list = uuidList(ids);
  const rows = rowsOf<{
    id: string;
    code: string;
    data_scope: string;
    granted: string[] | null;
    held: boolean;
  }>(
    await tx.execute(
      level === 'TENANT'
        ? sql`select r.id, r.code, r.data_scope,
              array(select rp.permission from role_permissions rp where rp.tenant_id = r.tenant_id and rp.role_id = r.id) as granted,
              exists (select 1 from user_roles ur where ur.tenant_id = r.tenant_id and ur.role_id = r.id and ur.user_id = ${actorId}::uuid) as held
            from roles r where r.id in (${list})`
        : sql`select r.id, r.code, 'TENANT' as data_scope,
              array(select rp.permission from system_role_permissions rp where rp.role_id = r.id) as granted,
              exists (select 1 from system_user_roles ur where ur.role_id = r.id and ur.user_id = ${actorId}::uuid) as held
            from system_roles r where r.id in (${list})`,
    ),
  );
  for (const row of rows)
    found.set(row.id, {
      id: row.id,
      code: row.code,
      heldByActor: row.held,
      isRoot: false,
      level,
      // a code its level cannot hold grants nothing (load-actor.ts reads grants the same way)
      permissions: new Set((row.granted ?? []).filter((code) => grantable[level].has(code))),
      dataScope: scopeOfWidth(SCOPE_WIDTH[row.data_scope as keyof typeof SCOPE_WIDTH]),
    });
  return found;
}

/** The ids of the roles a user holds (of its level), to tell a change of them from a resend. */
export async function rolesHeldBy(tx: Db, level: UserLevel, userId: string): Promise<Set<string>> {
  const rows = rowsOf<{ role_id: string }>(
    await tx.execute(
      level === 'TENANT'
        ? sql`select role_id from user_roles where user_id = ${userId}::uuid`
        : sql`select role_id from system_user_roles where user_id = ${userId}::uuid`,
    ),
  );
  return new Set(rows.map((row) => row.role_id));
}
