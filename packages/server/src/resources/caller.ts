import { ErrorCodes, Headers } from '@hcm/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Scope } from '../db/tenant-scope.ts';
import { AppError } from '../http/errors.ts';
import { callerScope } from '../services/iam/authorization/caller-scope.ts';
import type { ActionContext } from '../services/system/action-logs/record-actions.ts';
import type { Language, ResourceDefinition } from './types.ts';

/**
 * The caller's scope for a resource: its tenant for a tenant-owned resource (system users, with
 * no tenant, get 403), system scope (tenantId null) for a system resource (tenant users get 403).
 */
export type ResourceScope = Scope;

export function resourceScopeOf(definition: ResourceDefinition, request: FastifyRequest): ResourceScope {
  const scope = callerScope(request);
  if (definition.scope === 'tenant' && scope.tenantId === null)
    throw new AppError(
      403,
      ErrorCodes.forbidden,
      'These records belong to a tenant: sign in as a tenant user',
    );
  if (definition.scope === 'system' && scope.tenantId !== null)
    throw new AppError(403, ErrorCodes.forbidden, "These records are the system's: sign in as a system user");
  return { tenantId: scope.tenantId, userId: scope.userId };
}

/**
 * The condition that keeps a statement to the scope's own rows: the tenant's on a tenant
 * resource (none without a tenant), no condition on a system resource (a global table).
 */
export function ownRows(definition: ResourceDefinition, scope: ResourceScope): SQL | undefined {
  const column = definition.columns.tenantId;
  if (!column) return undefined;
  return scope.tenantId === null ? sql`false` : eq(column, scope.tenantId);
}

/** The tenantId value of a new row (nothing on a system resource). */
export function ownerValues(definition: ResourceDefinition, scope: ResourceScope): { tenantId?: string } {
  return definition.columns.tenantId && scope.tenantId !== null ? { tenantId: scope.tenantId } : {};
}

/** Who does a change, from where: what the action log records beside the change. */
export function actionContextOf(request: FastifyRequest, scope: Scope): ActionContext {
  const agent = request.headers['user-agent'];
  return { scope, ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null };
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
