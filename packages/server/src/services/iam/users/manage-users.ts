import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import type { AdminUser, CreateUserBody, CreatedUser, UpdateUserBody } from '@hcm/contracts/users-roles';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/database.ts';
import { users } from '../../../db/schema.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { AppError, validationFailed } from '../../../http/errors.ts';
import {
  recordActions,
  type ActionContext,
  type Changes,
} from '../../../resources/action-log/record-actions.ts';
import { sqlStateOf } from '../../../resources/write/db-errors.ts';
import { generatePassword } from '../passwords/generate-password.ts';
import type { PasswordHasher } from '../passwords/password-hasher.ts';
import { replaceUserRoles, rolesOfUsers, unknownRoleIds } from '../roles/role-store.ts';
import { revokeUserSessions } from '../session/revoke-user-sessions.ts';
import { clearSignInFailures } from '../session/sign-in-failures.ts';
import type { EscalationGuard } from '../authorization/escalation.ts';
import { userNotFound } from './change-user-password.ts';
import { findUserByUsername } from './find-user.ts';
import { recordUserAdministration } from './record-user-administration.ts';
import { findManagedUser, presentUsers, sameLevelAs } from './user-queries.ts';

export const usernameTaken = (username: string) =>
  new AppError(409, ErrorCodes.conflict, `The user name ${username} is taken`, [
    { field: 'username', code: FieldErrorKeys.invalidValue, message: 'is already taken' },
  ]);

const stale = (was: number, sent: number) =>
  new AppError(
    409,
    ErrorCodes.conflict,
    `The user was changed by someone else (version ${was}, not ${sent}): reload it`,
  );

/** 400 on `roleIds[i]` for each id that is not one of the caller's roles. */
export async function refuseUnknownRoles(tx: Tx, context: ActionContext, roleIds: readonly string[]) {
  const unknown = new Set(await unknownRoleIds(tx, context.scope, roleIds));
  if (unknown.size === 0) return;
  throw validationFailed(
    roleIds.flatMap((id, index) =>
      unknown.has(id)
        ? [{ field: `roleIds[${index}]`, code: FieldErrorKeys.invalidValue, message: 'refers to no role' }]
        : [],
    ),
    'Some roles do not exist',
  );
}

async function presentOne(tx: Tx, context: ActionContext, id: string): Promise<AdminUser> {
  const row = await findManagedUser(tx, context.scope, id);
  if (!row) throw userNotFound();
  const [user] = await presentUsers(tx, context.scope, [row]);
  if (!user) throw userNotFound();
  return user;
}

export async function userDetail(tx: Tx, context: ActionContext, id: string): Promise<AdminUser> {
  return presentOne(tx, context, id);
}

/**
 * A user of the caller's level and tenant with its roles. The password is the one given (the
 * schema holds it to the policy) or a generated one, answered once and never stored in clear.
 * User names are unique across the whole system (sign-in has no tenant field): a name another
 * tenant uses is 409 too.
 */
export async function createManagedUser(
  deps: { db: Db; passwords: PasswordHasher },
  context: ActionContext,
  guard: EscalationGuard,
  body: CreateUserBody,
): Promise<CreatedUser> {
  const { scope } = context;
  if (await findUserByUsername(deps.db, body.username)) throw usernameTaken(body.username);
  const generatedPassword = body.password === undefined ? generatePassword() : null;
  // Hashed before the transaction: argon2 takes a while and should hold no connection.
  const passwordHash = await deps.passwords.hash(body.password ?? generatedPassword ?? '');
  const roleIds = [...new Set(body.roleIds ?? [])];
  // Given or generated, the password is the administrator's: by default the user replaces it.
  const passwordChangeRequired = body.passwordChangeRequired ?? true;
  try {
    const user = await inScope(deps.db, scope, async (tx) => {
      await refuseUnknownRoles(tx, context, roleIds);
      await guard.rolesGiven(tx, roleIds, null);
      const [row] = await tx
        .insert(users)
        .values({
          tenantId: scope.tenantId,
          username: body.username,
          fullName: body.fullName,
          email: body.email ?? null,
          phone: body.phone ?? null,
          passwordHash,
          passwordChangeRequired,
          userLevel: scope.tenantId === null ? 'SYSTEM' : 'TENANT',
          accountType: scope.tenantId === null ? 'INTERNAL' : 'EMPLOYEE',
          createdBy: scope.userId,
          lastModifiedBy: scope.userId,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert returned nothing');
      await replaceUserRoles(tx, scope, row.id, roleIds);
      const created = await presentOne(tx, context, row.id);
      await recordActions(tx, context, [
        {
          resource: 'user',
          recordId: row.id,
          action: 'CREATE',
          changes: {
            username: { before: null, after: created.username },
            fullName: { before: null, after: created.fullName },
            ...(created.email ? { email: { before: null, after: created.email } } : {}),
            ...(created.phone ? { phone: { before: null, after: created.phone } } : {}),
            roles: { before: null, after: created.roles.map((role) => role.code) },
            passwordChangeRequired: { before: null, after: passwordChangeRequired },
          },
        },
      ]);
      return created;
    });
    return { user, generatedPassword };
  } catch (error) {
    // Another tenant took the name between the check and the insert.
    if (sqlStateOf(error) === '23505') throw usernameTaken(body.username);
    throw error;
  }
}

async function bumpUser(tx: Tx, context: ActionContext, id: string, set: Record<string, unknown>) {
  await tx
    .update(users)
    .set({
      ...set,
      version: sql`${users.version} + 1`,
      lastModifiedAt: new Date(),
      lastModifiedBy: context.scope.userId,
    })
    .where(eq(users.id, id));
}

/** A root user is changed by root only; to anyone else it does not exist. */
const refuseRootUnlessRoot = (row: { isRoot: boolean }, callerIsRoot: boolean) => {
  if (row.isRoot && !callerIsRoot) throw userNotFound();
};

/** Full name, e-mail, phone (the user name never changes). */
export async function updateManagedUser(
  tx: Tx,
  context: ActionContext,
  guard: EscalationGuard,
  id: string,
  body: UpdateUserBody,
): Promise<AdminUser> {
  const before = await findManagedUser(tx, context.scope, id, true);
  if (!before) throw userNotFound();
  refuseRootUnlessRoot(before, guard.actor.isRoot);
  await guard.accounts(tx, [id], 'UPDATE');
  if (before.version !== body.version) throw stale(before.version, body.version);
  const changes: Changes = {};
  const set: Record<string, unknown> = {};
  for (const name of ['fullName', 'email', 'phone'] as const) {
    const value = body[name];
    if (value === undefined || value === before[name]) continue;
    changes[name] = { before: before[name], after: value };
    set[name] = value;
  }
  await bumpUser(tx, context, id, set);
  if (Object.keys(changes).length > 0)
    await recordActions(tx, context, [{ resource: 'user', recordId: id, action: 'UPDATE', changes }]);
  return presentOne(tx, context, id);
}

/**
 * The user's whole set of roles (roles of the caller's level and tenant only: 400 on an id that
 * is not). Like a change of a role's permissions, it applies from the user's next request.
 */
export async function assignUserRoles(
  tx: Tx,
  context: ActionContext,
  guard: EscalationGuard,
  id: string,
  body: { roleIds: readonly string[]; version: number },
): Promise<AdminUser> {
  const before = await findManagedUser(tx, context.scope, id, true);
  if (!before) throw userNotFound();
  refuseRootUnlessRoot(before, guard.actor.isRoot);
  await guard.accounts(tx, [id], 'ASSIGN_ROLES');
  if (before.version !== body.version) throw stale(before.version, body.version);
  const roleIds = [...new Set(body.roleIds)];
  await refuseUnknownRoles(tx, context, roleIds);
  await guard.rolesGiven(tx, roleIds, id);
  const was = ((await rolesOfUsers(tx, context.scope, [id])).get(id) ?? []).map((role) => role.code);
  await replaceUserRoles(tx, context.scope, id, roleIds);
  await bumpUser(tx, context, id, {});
  const after = await presentOne(tx, context, id);
  const now = after.roles.map((role) => role.code);
  if (JSON.stringify(was) !== JSON.stringify(now))
    await recordActions(tx, context, [
      { resource: 'user', recordId: id, action: 'UPDATE', changes: { roles: { before: was, after: now } } },
    ]);
  return after;
}

/**
 * Locks (INACTIVE) or unlocks (ACTIVE) one of the caller's users. Locking ends every sign-in of
 * the user at once (its sessions are revoked: its access tokens are refused from their next
 * request, its refresh tokens renew nothing) and sign-in refuses it; unlocking also ends its
 * sign-in locks. Nobody locks themselves; only root locks a root. The action log says
 * INACTIVE / ACTIVE. `db` is the owner connection (refresh tokens are out of the application
 * role's reach), so the reach is checked here explicitly.
 */
export async function setUserLocked(
  db: Db,
  context: ActionContext,
  guard: EscalationGuard,
  id: string,
  locked: boolean,
): Promise<AdminUser> {
  const { scope } = context;
  if (locked && id === scope.userId)
    throw new AppError(400, ErrorCodes.validation, 'You cannot lock your own account');
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), sameLevelAs(scope)))
      .for('update');
    if (!user) throw userNotFound();
    refuseRootUnlessRoot(user, guard.actor.isRoot);
    await guard.accounts(tx, [id], locked ? 'LOCK' : 'UNLOCK');
    const status = locked ? 'INACTIVE' : 'ACTIVE';
    if (user.status !== status) await bumpUser(tx, context, id, { status });
    if (locked) await revokeUserSessions(tx, id);
    else await clearSignInFailures(tx, [user.username]);
    await recordUserAdministration(tx, context, locked ? 'INACTIVE' : 'ACTIVE', [user]);
  });
  return inScope(db, scope, (tx) => presentOne(tx, context, id));
}
