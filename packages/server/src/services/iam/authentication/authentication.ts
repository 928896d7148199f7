import { API_PREFIX, type ApplicationModule } from '@hcm/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../../http/errors.ts';
import type { TokenSigner, VerifiedAccessToken } from '../tokens/token-signer.ts';

/**
 * Who may call a route, declared on the route itself: `config: { auth: 'public' }` or
 * `config: { auth: 'user' }` (a signed-in user). Every /api route must say which; user routes
 * also say `permission` (services/iam/authorization).
 */
export type RouteAuth = 'public' | 'user';

export type AuthenticatedUser = VerifiedAccessToken;

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /**
     * The permission a signed-in caller needs (`resource.action`), or several of which any
     * one suffices; `[]` means any signed-in user. Required on `auth: 'user'` routes and
     * enforced centrally (services/iam/authorization).
     */
    permission?: string | readonly string[];
    /** The application module the route belongs to: the tenant's service pack must unlock it. */
    module?: ApplicationModule;
  }
  interface FastifyRequest {
    /** set by the authentication hook on `auth: 'user'` routes; null elsewhere */
    user: AuthenticatedUser | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9\-_.]+)$/i;

/**
 * Adds `request.user` and the hook that fills it. Called on the root instance (not through
 * `register`), so the hook covers every route registered after it.
 */
export function registerAuthentication(app: FastifyInstance, tokens: TokenSigner): void {
  app.decorateRequest('user', null);

  // A route that forgets to say who may call it fails at start, not in production.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(`${API_PREFIX}/`) && route.config?.auth === undefined) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} must declare config.auth ('public' or 'user')`,
      );
    }
  });

  // onRequest runs before the body is parsed: an anonymous caller gets 401, not a 400 that
  // would describe the expected body.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.auth !== 'user') return;
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized();
    request.user = await tokens.verifyAccessToken(match[1]);
  });
}

/** The signed-in user of an `auth: 'user'` route (the hook guarantees it). */
export function requireUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
