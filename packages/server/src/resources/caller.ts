import { ErrorCodes, Headers } from '@hcm/contracts';
import type { FastifyRequest } from 'fastify';
import type { Scope } from '../db/tenant-scope.ts';
import { AppError } from '../http/errors.ts';
import { callerScope } from '../services/iam/authorization/caller-scope.ts';
import type { ActionContext } from '../services/system/action-logs/record-actions.ts';
import type { Language } from './types.ts';

/** A tenant's scope: the resources are tenant-owned, so a caller without a tenant has none. */
export interface TenantScope extends Scope {
  tenantId: string;
}

/** The caller's scope for a tenant-owned resource; system users (no tenant) get 403. */
export function tenantScopeOf(request: FastifyRequest): TenantScope {
  const scope = callerScope(request);
  if (scope.tenantId === null)
    throw new AppError(
      403,
      ErrorCodes.forbidden,
      'These records belong to a tenant: sign in as a tenant user',
    );
  return { tenantId: scope.tenantId, userId: scope.userId };
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
