import {
  API_PREFIX,
  ApplicationModules,
  ErrorCodes,
  hasAuthority,
  isPermissionCode,
  type ApplicationModule,
} from '@hcm/contracts';
import type { FastifyInstance } from 'fastify';
import { wallClock, type Clock } from '../../../clock.ts';
import type { Db } from '../../../db/database.ts';
import type { Actor } from '../../../http/caller-scope.ts';
import { inScope, refuseWhenTenantBusy } from '../../../db/tenant-scope.ts';
import { AppError } from '../../../http/errors.ts';
import { licenceState, refuseUnlicensed } from '../../tenant/licences/check-licence.ts';
import { requireUser } from '../authentication/authentication.ts';
import { refuseUntilPasswordChanged } from '../first-password/password-change-gate.ts';
import { loadClientActor } from '../clients/load-client-actor.ts';
import type { ActorCache } from './actor-cache.ts';
import { loadActor, type LoadedActor } from './load-actor.ts';
// for the FastifyRequest.actor declaration
import '../../../http/caller-scope.ts';

/** `permissions`: the codes that would have let the caller in, sent as the envelope's params. */
export const forbidden = (
  message = 'You do not have permission to do this',
  permissions?: readonly string[],
) =>
  new AppError(
    403,
    ErrorCodes.forbidden,
    message,
    undefined,
    undefined,
    permissions && permissions.length > 0 ? { permissions: [...permissions] } : undefined,
  );

const asList = (permission: string | readonly string[] | undefined): readonly string[] =>
  permission === undefined ? [] : typeof permission === 'string' ? [permission] : permission;

/**
 * The one authorization check, for every route, from what the route declares:
 * `config: { auth: 'user', permission: 'job_title.view' | ['a.view', 'b.view'] | [], module?: 'OM' }`.
 *
 * - At start (onRoute): an `auth: 'user'` route under /api must declare `permission` (`[]` for
 *   any signed-in user), every code must be declared in @hcm/contracts permissions.ts, and a
 *   public route may declare neither permission nor module.
 * - On each request (onRequest, after authentication, before the body is read): the actor
 *   this process keeps for the token's session (`cache`, actor-cache.ts: no transaction at all),
 *   or else loaded once, inside the caller's own scope (row-level security applies), in one
 *   statement that also refuses (401) a token whose session has ended or whose user or tenant
 *   is INACTIVE (load-actor.ts), into `request.actor`; for a tenant user on a route with `module`, the tenant's service pack must
 *   unlock it (400 40000029 expired, 40000030 unavailable); a user whose password was set by
 *   someone else reaches only its own password change (403 PASSWORD_CHANGE_REQUIRED,
 *   first-password/password-change-gate.ts); then `hasAuthority` (root passes, empty passes,
 *   any of several passes) or 403 FORBIDDEN.
 *
 * Called on the root instance after registerAuthentication, before the routes.
 */
export function registerAuthorization(
  app: FastifyInstance,
  db: Db,
  clock: Clock = wallClock,
  cache?: ActorCache,
): void {
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_PREFIX}/`)) return;
    const name = `Route ${String(route.method)} ${route.url}`;
    const { auth, permission, module } = route.config ?? {};
    if (auth === 'user' && permission === undefined)
      throw new Error(
        `${name} must declare config.permission: 'resource.action', a list of which any one suffices, or [] for any signed-in user`,
      );
    if (auth === 'public' && (asList(permission).length > 0 || module !== undefined))
      throw new Error(`${name} is public: it cannot require a permission or a module`);
    for (const code of asList(permission))
      if (!isPermissionCode(code))
        throw new Error(`${name} requires ${code}, which @hcm/contracts permissions.ts does not declare`);
    if (module !== undefined && !(ApplicationModules as readonly string[]).includes(module))
      throw new Error(`${name} names an unknown application module ${String(module)}`);
  });

  app.addHook('onRequest', async (request) => {
    const { auth, permission, module } = request.routeOptions.config;
    if (auth !== 'user') return;
    const user = requireUser(request);
    const route = { method: request.method, url: request.routeOptions.url };
    // An API client's token carries its scopes, not a user (clients/load-client-actor.ts): it is
    // loaded on every request, never kept.
    const kept = user.client ? undefined : cache?.actor(user.sessionId, user.userId);
    const keptLicence =
      kept && module !== undefined && kept.tenantId !== null
        ? cache?.licence(kept.tenantId, module)
        : undefined;
    let actor: Actor & { passwordChangeRequired: boolean };
    if (kept && (module === undefined || kept.tenantId === null || keptLicence)) {
      // Known already: no transaction of its own (issue 29, part 1). A tenant with too much
      // waiting for the database is still refused here, as its first transaction would be.
      refuseWhenTenantBusy(db, kept.tenantId);
      refuseUntilPasswordChanged(kept, route);
      if (keptLicence) refuseUnlicensed(keptLicence, module as ApplicationModule);
      actor = kept;
    } else {
      const since = cache?.begin() ?? 0;
      // The request's first transaction, before it has done anything: where a tenant with too
      // much already waiting for the database is refused (db/tenant-turns.ts, answered 429).
      actor = await inScope(
        db,
        { tenantId: user.tenantId, userId: user.userId },
        async (tx) => {
          const loaded = user.client
            ? await loadClientActor(tx, user)
            : await loadActor(tx, user.userId, user.sessionId, clock());
          if (!user.client) cache?.keepActor(since, user.sessionId, loaded as LoadedActor);
          refuseUntilPasswordChanged(loaded, route);
          // System users administer tenants: no licence applies to them.
          if (module !== undefined && loaded.tenantId !== null) {
            const state = await licenceState(tx, loaded.tenantId, module);
            if (!user.client) cache?.keepLicence(since, loaded.tenantId, module, state);
            refuseUnlicensed(state, module);
          }
          return loaded;
        },
        { refuseWhenBusy: true },
      );
    }
    request.actor = actor;
    const required = asList(permission);
    if (!hasAuthority(actor.permissions, required, actor.isRoot))
      throw forbidden(`This needs the permission ${required.join(' or ')}`, required);
  });
}
