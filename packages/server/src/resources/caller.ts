import { FieldErrorKeys, ForbiddenReasons, Headers } from '@hcm/contracts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/database.ts';
import { inScope, type Scope } from '../db/tenant-scope.ts';
import { forbiddenBecause, validationFailed } from '../http/errors.ts';
import { callerScope } from '../http/caller-scope.ts';
import type { ActionContext } from './action-log/record-actions.ts';
import { filesReadableBy } from './files/readable-files.ts';
import { pickedByCaller, type PickedCheck } from './pickers.ts';
import type { Language, ResolvedDataScope, ResourceDefinition } from './types.ts';

/**
 * The caller's scope for a resource: its tenant for a tenant-owned resource (system users, with
 * no tenant, get 403), system scope (tenantId null) for a system resource (tenant users get 403),
 * the caller's own scope for a shared resource (a tenant user's transaction keeps its tenant:
 * the read policy lets it read the global list, the write policy refuses it every change; the
 * routes have refused its writes before, refuseTenantWriter); and, once resolved inside the
 * transaction (inResourceScope), the resource's data scope.
 */
export interface ResourceScope extends Scope {
  readonly data?: ResolvedDataScope;
}

export function resourceScopeOf(definition: ResourceDefinition, request: FastifyRequest): ResourceScope {
  const scope = callerScope(request);
  if (definition.scope === 'tenant' && scope.tenantId === null)
    throw forbiddenBecause(
      ForbiddenReasons.tenantOnly,
      'These records belong to a tenant: sign in as a tenant user',
    );
  if (definition.scope === 'system' && scope.tenantId !== null)
    throw forbiddenBecause(
      ForbiddenReasons.systemOnly,
      "These records are the system's: sign in as a system user",
    );
  return { tenantId: scope.tenantId, userId: scope.userId };
}

/** What a tenant user is told on a write to a shared resource. */
export const SHARED_WRITE_REFUSED =
  'This list is kept by the system administrator for every tenant: tenant users may read it, not change it';

/**
 * The onRequest hook of a shared resource's writes (create, update, delete, active, inactive,
 * import and its template): a tenant user gets 403 whatever the body, before it is read.
 * Runs after the authorization hook, so an unsigned caller has had its 401 and a caller
 * without the permission its 403 already.
 */
export async function refuseTenantWriter(request: FastifyRequest): Promise<void> {
  if (callerScope(request).tenantId !== null)
    throw forbiddenBecause(ForbiddenReasons.sharedList, SHARED_WRITE_REFUSED);
}

/**
 * The condition that keeps a statement to the scope's tenant: the tenant's rows on a tenant
 * resource (none without a tenant), no condition on a system or shared resource (a global table). What
 * uniqueness is checked against: a code is unique in the tenant, seen or not.
 */
export function tenantRows(definition: ResourceDefinition, scope: ResourceScope): SQL | undefined {
  const column = definition.columns.tenantId;
  if (!column) return undefined;
  return scope.tenantId === null ? sql`false` : eq(column, scope.tenantId);
}

/** The rows the caller reaches: the tenant's, narrowed by the resource's data scope. */
export function ownRows(definition: ResourceDefinition, scope: ResourceScope): SQL | undefined {
  const tenant = tenantRows(definition, scope);
  return scope.data?.rows ? and(tenant, scope.data.rows) : tenant;
}

/** The data scope of `definition` for this caller, read inside the transaction `tx`. */
export async function resolveDataScope(
  tx: Tx,
  definition: ResourceDefinition,
  scope: Scope,
): Promise<ResolvedDataScope> {
  const { dataScope } = definition;
  if (dataScope === 'tenant') return { rows: undefined };
  if (dataScope.kind === 'reach') return dataScope.reachOf(tx, scope, definition);
  const column = definition.column(dataScope.column);
  const allowed =
    dataScope.kind === 'own'
      ? scope.userId === null
        ? []
        : [scope.userId]
      : dataScope.kind === 'fixed'
        ? [dataScope.value]
        : [...new Set(await dataScope.unitsOf(tx, scope))];
  return {
    rows: allowed.length === 0 ? sql`false` : inArray(column, allowed),
    column: { name: dataScope.column, allowed },
  };
}

/**
 * `inScope` for a resource: one transaction in the caller's tenant, with the data scope
 * resolved first, so that every statement of `work` sees only the records the caller reaches.
 */
export function inResourceScope<T>(
  db: Db,
  definition: ResourceDefinition,
  scope: ResourceScope,
  work: (tx: Tx, scope: ResourceScope) => Promise<T>,
): Promise<T> {
  return inScope(db, scope, async (tx) =>
    work(tx, {
      tenantId: scope.tenantId,
      userId: scope.userId,
      data: await resolveDataScope(tx, definition, scope),
    }),
  );
}

/**
 * The tenantId of a new row (nothing on a system resource), its owner under an 'own' scope and
 * its fixed value under a 'fixed' one.
 */
export function ownerValues(definition: ResourceDefinition, scope: ResourceScope): Record<string, string> {
  const owner: Record<string, string> = {};
  if (definition.columns.tenantId && scope.tenantId !== null) owner.tenantId = scope.tenantId;
  const { dataScope } = definition;
  if (dataScope !== 'tenant' && dataScope.kind === 'own' && scope.userId !== null)
    owner[dataScope.column] = scope.userId;
  if (dataScope !== 'tenant' && dataScope.kind === 'fixed') owner[dataScope.column] = dataScope.value;
  return owner;
}

/**
 * Refuses a record written outside the caller's data scope (a unit the caller does not
 * manage): 400 with a field error on the scope's column. `values` are the values after the
 * write; a column they leave out keeps its value, already in scope.
 */
export async function refuseOutsideScope(
  tx: Tx,
  scope: ResourceScope,
  values: Record<string, unknown>,
  creating: boolean,
): Promise<void> {
  const column = scope.data?.column;
  if (!column) return;
  const value = values[column.name];
  if (value === undefined && !creating) return;
  if (typeof value === 'string' && column.allowed.includes(value)) return;
  if (typeof value === 'string' && column.admits && (await column.admits(tx, value))) return;
  throw validationFailed(
    [
      {
        field: column.name,
        code: FieldErrorKeys.invalidValue,
        message: 'is outside the records you may manage',
      },
    ],
    'The record would be outside the records you may manage',
  );
}

/**
 * Who does a change, from where (what the action log records beside the change), and which
 * files they may attach to a record: those they may see (files/readable-files.ts).
 */
export function actionContextOf(
  request: FastifyRequest,
  scope: Scope,
): ActionContext & {
  readableFiles?: (tx: Tx, only?: readonly string[]) => Promise<SQL>;
  refusePicked?: PickedCheck;
} {
  const agent = request.headers['user-agent'];
  const readable = filesReadableBy(request);
  const picked = pickedByCaller(request);
  return {
    scope,
    ip: request.ip ?? null,
    userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null,
    ...(readable ? { readableFiles: readable } : {}),
    ...(picked ? { refusePicked: picked } : {}),
  };
}

/** The language of headers and notes in spreadsheets: the `language` header, then Accept-Language. */
export function languageOf(request: FastifyRequest): Language {
  const explicit = request.headers[Headers.language];
  const wanted =
    (typeof explicit === 'string' ? explicit : undefined) ??
    request.headers['accept-language']?.split(',')[0] ??
    'vi';
  return wanted.trim().toLowerCase().startsWith('en') ? 'en' : 'vi';
}
