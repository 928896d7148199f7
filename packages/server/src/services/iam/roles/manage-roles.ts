import { ErrorCodes, FieldErrorKeys, permissionCodesForLevel, type UserLevel } from '@hcm/contracts';
import type { AdminRoleDetail, CreateRoleBody, UpdateRoleBody } from '@hcm/contracts/users-roles';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { roles, systemRoles } from '../../../db/schema.ts';
import { AppError, validationFailed } from '../../../http/errors.ts';
import {
  recordActions,
  type ActionContext,
  type Changes,
} from '../../../resources/action-log/record-actions.ts';
import type { EscalationGuard } from '../authorization/escalation.ts';
import { findRole, levelOf, permissionsOf, replacePermissions, roleTablesOf } from './role-store.ts';

const grantable: Record<UserLevel, ReadonlySet<string>> = {
  SYSTEM: new Set(permissionCodesForLevel('SYSTEM')),
  TENANT: new Set(permissionCodesForLevel('TENANT')),
};

export const roleNotFound = () => new AppError(404, ErrorCodes.notFound, 'The role does not exist');

const stale = (was: number, sent: number) =>
  new AppError(
    409,
    ErrorCodes.conflict,
    `The role was changed by someone else (version ${was}, not ${sent}): reload it`,
  );

/**
 * Refuses (400) any code a role of the caller's level may not grant: an unknown code, or one
 * of the other level (a tenant role cannot grant tenant.create). The message names the first.
 */
export function checkGrantable(level: UserLevel, codes: readonly string[]): void {
  const bad = codes.flatMap((code, index) => (grantable[level].has(code) ? [] : [{ code, index }]));
  if (bad.length === 0) return;
  throw validationFailed(
    bad.map(({ code, index }) => ({
      field: `permissions[${index}]`,
      code: FieldErrorKeys.invalidValue,
      message: `${code} cannot be granted by a ${level.toLowerCase()} role`,
    })),
    `The permission ${bad[0]?.code ?? ''} cannot be granted by a ${level.toLowerCase()} role`,
  );
}

const codeTaken = () =>
  new AppError(409, ErrorCodes.conflict, 'Another role has this code', [
    { field: 'code', code: FieldErrorKeys.invalidValue, message: 'is already taken' },
  ]);

async function refuseTakenCode(tx: Tx, context: ActionContext, code: string, exceptId?: string) {
  const { role } = roleTablesOf(context.scope);
  const [found] = await tx
    .select({ id: role.id })
    .from(role)
    .where(
      sql`lower(${role.code}) = lower(${code})${exceptId ? sql` and ${role.id} <> ${exceptId}` : sql``}`,
    );
  if (found) throw codeTaken();
}

const log = (
  tx: Tx,
  context: ActionContext,
  id: string,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  changes: Changes,
) => recordActions(tx, context, [{ resource: 'role', recordId: id, action, changes }]);

/** The role with its codes (404 when the caller does not reach it). */
export async function roleDetail(tx: Tx, context: ActionContext, id: string): Promise<AdminRoleDetail> {
  const found = await findRole(tx, context.scope, id);
  if (!found) throw roleNotFound();
  return { ...found, permissions: await permissionsOf(tx, context.scope, id) };
}

/** A new role of the caller's level with its codes; the code is unique in the tenant (409). */
export async function createAdminRole(
  tx: Tx,
  context: ActionContext,
  guard: EscalationGuard,
  body: CreateRoleBody,
): Promise<AdminRoleDetail> {
  const { scope } = context;
  checkGrantable(levelOf(scope), body.permissions ?? []);
  refuseSystemDataScope(scope, body.dataScope);
  await guard.roleCreated(tx, { permissions: body.permissions ?? [], dataScope: body.dataScope ?? 'TENANT' });
  const permissions = [...new Set(body.permissions ?? [])].sort();
  await refuseTakenCode(tx, context, body.code);
  const values = {
    code: body.code,
    name: body.name,
    description: body.description ?? null,
    dataScope: body.dataScope ?? 'TENANT',
    createdBy: scope.userId,
    lastModifiedBy: scope.userId,
  };
  const [row] =
    scope.tenantId === null
      ? await tx.insert(systemRoles).values(values).returning({ id: systemRoles.id })
      : await tx
          .insert(roles)
          .values({ ...values, tenantId: scope.tenantId })
          .returning({ id: roles.id });
  if (!row) throw new Error('role insert returned nothing');
  await replacePermissions(tx, scope, row.id, permissions);
  await log(tx, context, row.id, 'CREATE', {
    code: { before: null, after: body.code },
    name: { before: null, after: body.name },
    ...(body.description ? { description: { before: null, after: body.description } } : {}),
    dataScope: { before: null, after: values.dataScope },
    permissions: { before: null, after: permissions },
  });
  return roleDetail(tx, context, row.id);
}

/** Name, description, code and status; the built-in role keeps its code and stays ACTIVE. */
export async function updateAdminRole(
  tx: Tx,
  context: ActionContext,
  guard: EscalationGuard,
  id: string,
  body: UpdateRoleBody,
): Promise<AdminRoleDetail> {
  const { scope } = context;
  const before = await findRole(tx, scope, id, true);
  if (!before) throw roleNotFound();
  if (before.version !== body.version) throw stale(before.version, body.version);
  if (
    before.builtIn &&
    ((body.code !== undefined && body.code !== before.code) || body.status === 'INACTIVE')
  )
    throw builtInRefused('Its code and status');
  if (before.builtIn && body.dataScope !== undefined && body.dataScope !== before.dataScope)
    throw builtInRefused('Its data scope');
  refuseSystemDataScope(scope, body.dataScope);
  // Only what changes the role's reach is compared: its data scope, and a status that switches it on or off.
  await guard.roleChanged(
    tx,
    id,
    {
      ...(body.dataScope !== undefined && body.dataScope !== before.dataScope
        ? { dataScope: body.dataScope }
        : {}),
      ...(body.status !== undefined && body.status !== before.status ? { status: body.status } : {}),
    },
    'UPDATE_ROLE',
  );
  if (body.code !== undefined && body.code.toLowerCase() !== before.code.toLowerCase())
    await refuseTakenCode(tx, context, body.code, id);
  const changes: Changes = {};
  const set: Record<string, unknown> = {};
  for (const name of ['code', 'name', 'description', 'status', 'dataScope'] as const) {
    const value = body[name];
    if (value === undefined || value === before[name]) continue;
    changes[name] = { before: before[name], after: value };
    set[name] = value;
  }
  await bump(tx, context, id, set);
  if (Object.keys(changes).length > 0) await log(tx, context, id, 'UPDATE', changes);
  return roleDetail(tx, context, id);
}

/** A system role reaches no tenant's employees: only TENANT (the default) is accepted there. */
function refuseSystemDataScope(scope: { tenantId: string | null }, dataScope: string | undefined): void {
  if (scope.tenantId === null && dataScope !== undefined && dataScope !== 'TENANT')
    throw new AppError(400, ErrorCodes.validation, 'A system role has no data scope', [
      {
        field: 'dataScope',
        code: FieldErrorKeys.invalidValue,
        message: 'a system role reaches no tenant’s employees: only TENANT',
      },
    ]);
}

const builtInRefused = (what: string) =>
  new AppError(
    400,
    ErrorCodes.validation,
    `This is the built-in administrator role. ${what} cannot be changed`,
  );

async function bump(tx: Tx, context: ActionContext, id: string, set: Record<string, unknown>) {
  const values = {
    ...set,
    version: sql`version + 1`,
    lastModifiedAt: new Date(),
    lastModifiedBy: context.scope.userId,
  };
  if (context.scope.tenantId === null) await tx.update(systemRoles).set(values).where(eq(systemRoles.id, id));
  else await tx.update(roles).set(values).where(eq(roles.id, id));
}

/**
 * The role's whole set of codes. Only codes a role of the caller's level may grant (400 naming
 * the first bad one); the built-in administrator role is never changed (400). Takes effect at
 * the next request of every user holding it: each request loads its caller's grants afresh
 * (authorization/load-actor.ts), nothing is cached.
 */
export async function updateRolePermissions(
  tx: Tx,
  context: ActionContext,
  guard: EscalationGuard,
  id: string,
  body: { permissions: readonly string[]; version: number },
): Promise<AdminRoleDetail> {
  const { scope } = context;
  checkGrantable(levelOf(scope), body.permissions);
  const permissions = [...new Set(body.permissions)].sort();
  const before = await findRole(tx, scope, id, true);
  if (!before) throw roleNotFound();
  if (before.version !== body.version) throw stale(before.version, body.version);
  if (before.builtIn) throw builtInRefused('Its permissions');
  await guard.roleChanged(tx, id, { permissions }, 'UPDATE_PERMISSIONS');
  const was = await permissionsOf(tx, scope, id);
  await replacePermissions(tx, scope, id, permissions);
  await bump(tx, context, id, {});
  if (JSON.stringify(was) !== JSON.stringify(permissions))
    await log(tx, context, id, 'UPDATE', { permissions: { before: was, after: permissions } });
  return roleDetail(tx, context, id);
}

/**
 * Deletes a role no user holds. Decision: a role still held is refused (409, saying how many
 * users hold it) rather than silently taken from them: the administrator takes it away first,
 * and sees whom that affects. The built-in administrator role is never deleted (400).
 */
export async function deleteAdminRole(
  tx: Tx,
  context: ActionContext,
  guard: EscalationGuard,
  id: string,
): Promise<void> {
  const { scope } = context;
  const before = await findRole(tx, scope, id, true);
  if (!before) throw roleNotFound();
  if (before.builtIn)
    throw new AppError(400, ErrorCodes.validation, 'The built-in administrator role cannot be deleted');
  await guard.roleChanged(tx, id, {}, 'DELETE_ROLE');
  if (before.userCount > 0)
    throw new AppError(
      409,
      ErrorCodes.conflict,
      `${before.userCount} user(s) hold this role: take it away from them before deleting it`,
      undefined,
      undefined,
      // a record others still use: the browser says so in the user's words
      { reason: 'inUse' },
    );
  const permissions = await permissionsOf(tx, scope, id);
  if (scope.tenantId === null) await tx.delete(systemRoles).where(eq(systemRoles.id, id));
  else await tx.delete(roles).where(eq(roles.id, id));
  await log(tx, context, id, 'DELETE', {
    code: { before: before.code, after: null },
    name: { before: before.name, after: null },
    permissions: { before: permissions, after: null },
  });
}
