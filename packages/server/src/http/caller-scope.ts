import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/database.ts';
import { inScope, type Scope } from '../db/tenant-scope.ts';
import { unauthorized } from './errors.ts';
import type { UserLevel } from '@hcm/contracts';

/** The signed-in caller, loaded once per request by the authorization hook (IAM). */
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

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller with its permissions, set by the authorization hook on every `auth: 'user'`
     * route before the body is read; null on public routes.
     */
    actor: Actor | null;
  }
}

/** The signed-in caller of an `auth: 'user'` route (the authorization hook guarantees it). */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * The scope the caller's database work runs in: its tenant (null for system users, who then see
 * no tenant-owned row) and its user id. From the actor when loaded, else from the access token.
 */
export function callerScope(request: FastifyRequest): Scope {
  if (request.actor) return { tenantId: request.actor.tenantId, userId: request.actor.userId };
  if (request.user) return { tenantId: request.user.tenantId, userId: request.user.userId };
  throw unauthorized();
}

/**
 * Runs `work` in one transaction in the caller's scope (db/tenant-scope.ts inScope): as role
 * hcm_app with app.tenant_id / app.user_id set, so row-level security confines every statement
 * to the caller's tenant.
 */
export function runAsCaller<T>(db: Db, request: FastifyRequest, work: (tx: Tx) => Promise<T>): Promise<T> {
  return inScope(db, callerScope(request), work);
}
