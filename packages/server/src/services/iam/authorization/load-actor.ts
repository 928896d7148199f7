import type { Actor } from '../../../http/caller-scope.ts';

/** The caller as loaded here; declared by the engine (http/caller-scope.ts), which reads it. */
export type { Actor };
import { ALL_PERMISSION_CODES, ErrorCodes, permissionCodesForLevel, type UserLevel } from '@hcm/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { AppError, unauthorized } from '../../../http/errors.ts';

/** The caller of a request, as authorization sees it. */

const grantableBy: Record<UserLevel, ReadonlySet<string>> = {
  SYSTEM: new Set(permissionCodesForLevel('SYSTEM')),
  TENANT: new Set(permissionCodesForLevel('TENANT')),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the client treats as an expired session: it tries one refresh, which fails too. */
export const sessionEnded = () => unauthorized('The session has ended: sign in again');

interface ActorRow extends Record<string, unknown> {
  id: string;
  tenant_id: string | null;
  is_root: boolean;
  user_level: UserLevel;
  live: boolean;
  granted: string[] | null;
  password_change_required: boolean;
  session_ends_at: Date | string | null;
}

/** The actor and whether its session is restricted to the own password change (migrations/0026). */
export interface LoadedActor extends Actor {
  passwordChangeRequired: boolean;
  /** the end of the access token's session: a kept actor serves until then at most (actor-cache.ts) */
  sessionEndsAt: Date;
}

/**
 * Loads the actor and checks that its sign-in is alive, in ONE statement (one round trip on
 * every authenticated request): the user, whether it and its tenant are ACTIVE, whether the
 * access token's session (`sid`, migrations/0007 `sessions`) is neither revoked (logout, reuse
 * of a rotated refresh token, password reset) nor past its absolute end at `now` (the server's
 * clock of tokens and sessions, not the database's), and the permissions of its active roles.
 *
 * Run it inside the caller's scope (inScope with the token's tenant): row-level security then
 * only shows the caller's own tenant's users, sessions, roles and grants. A token whose user no
 * longer exists (or has moved out of the token's tenant) gives 404 USER_NOT_FOUND; a dead
 * session, an INACTIVE user or tenant 401 UNAUTHORIZED.
 */
export async function loadActor(tx: Db, userId: string, sessionId: string, now: Date): Promise<LoadedActor> {
  if (!UUID.test(userId) || !UUID.test(sessionId)) throw unauthorized('The access token is not valid');
  const result = (await tx.execute(sql`
    select u.id, u.tenant_id, u.is_root, u.user_level, u.password_change_required,
      (u.status = 'ACTIVE'
        and (u.tenant_id is null
          or exists (select 1 from tenants t where t.id = u.tenant_id and t.status = 'ACTIVE'))
        and exists (select 1 from sessions s
          where s.id = ${sessionId}::uuid and s.user_id = u.id and s.revoked_at is null
            and s.expires_at > ${now.toISOString()}::timestamptz)
      ) as live,
      (select s.expires_at from sessions s where s.id = ${sessionId}::uuid and s.user_id = u.id) as session_ends_at,
      case
        when u.is_root then null
        when u.tenant_id is not null then array(
          select distinct rp.permission from user_roles ur
          join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.status = 'ACTIVE'
          join role_permissions rp on rp.tenant_id = r.tenant_id and rp.role_id = r.id
          where ur.tenant_id = u.tenant_id and ur.user_id = u.id)
        else array(
          select distinct srp.permission from system_user_roles sur
          join system_roles sr on sr.id = sur.role_id and sr.status = 'ACTIVE'
          join system_role_permissions srp on srp.role_id = sr.id
          where sur.user_id = u.id)
      end as granted
    from users u
    where u.id = ${userId}::uuid`)) as unknown as { rows: ActorRow[] };
  const [user] = result.rows;
  if (!user) throw new AppError(404, ErrorCodes.userNotFound, 'The signed-in user no longer exists');
  if (!user.live) throw sessionEnded();

  const allowed = grantableBy[user.user_level];
  return {
    userId: user.id,
    tenantId: user.tenant_id,
    isRoot: user.is_root,
    userLevel: user.user_level,
    permissions: new Set(
      user.is_root ? ALL_PERMISSION_CODES : (user.granted ?? []).filter((code) => allowed.has(code)),
    ),
    passwordChangeRequired: user.password_change_required,
    sessionEndsAt: new Date(user.session_ends_at ?? 0),
  };
}

/** The actor's codes as a sorted list (me/authorities, the profile's grantedPermissions). */
export function grantedCodes(actor: Actor): string[] {
  return [...actor.permissions].sort();
}
