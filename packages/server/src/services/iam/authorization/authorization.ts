import { API_PREFIX, ApplicationModules, ErrorCodes, hasAuthority, isPermissionCode } from '@hcm/contracts';
import type { FastifyInstance } from 'fastify';
import { wallClock, type Clock } from '../../../clock.ts';
import type { Db, Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { AppError } from '../../../http/errors.ts';
import { checkLicence } from '../../tenant/licences/check-licence.ts';
import { requireUser } from '../authentication/authentication.ts';
import { refuseUntilPasswordChanged } from '../first-password/password-change-gate.ts';
import { loadClientActor } from '../clients/load-client-actor.ts';
import { loadActor } from './load-actor.ts';
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
 * - On each request (onRequest, after authentication, before the body is read): loads the
 *   actor once, inside the caller's own scope (row-level security applies), into
 *   `request.actor`, in one statement that also refuses (401) a token whose session has ended
 *   or whose user or tenant is INACTIVE (load-actor.ts); for a tenant user on a route with `module`, the tenant's service pack must
 *   unlock it (400 40000029 expired, 40000030 unavailable); a user whose password was set by
 *   someone else reaches only its own password change (403 PASSWORD_CHANGE_REQUIRED,
 *   first-password/password-change-gate.ts); then `hasAuthority` (root passes, empty passes,
 *   any of several passes) or 403 FORBIDDEN.
 *
 * Called on the root instance after registerAuthentication, before the routes.
 */
export function registerAuthorization(app: FastifyInstance, db: Db, clock: Clock = wallClock): void {
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
    // The request's first transaction, before it has done anything: where a tenant with too much
    // already waiting for the database is refused (db/tenant-turns.ts, answered 429).
    const firstTransaction = <T>(work: (tx: Tx) => Promise<T>) =>
      inScope(db, { tenantId: user.tenantId, userId: user.userId }, work, { refuseWhenBusy: true });
    const actor = await firstTransaction(async (tx) => {
      // An API client's token carries its scopes, not a user (clients/load-client-actor.ts).
      const loaded = user.client
        ? await loadClientActor(tx, user)
        : await loadActor(tx, user.userId, user.sessionId, clock());
      refuseUntilPasswordChanged(loaded, { method: request.method, url: request.routeOptions.url });
      // System users administer tenants: no licence applies to them.
      if (module !== undefined && loaded.tenantId !== null) await checkLicence(tx, loaded.tenantId, module);
      return loaded;
    });
    request.actor = actor;
    const required = asList(permission);
    if (!hasAuthority(actor.permissions, required, actor.isRoot))
      throw forbidden(`This needs the permission ${required.join(' or ')}`, required);
  });
}
