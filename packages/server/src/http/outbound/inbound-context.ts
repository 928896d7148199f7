import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Who caused an outbound call: the inbound request's id and, once known, its tenant. */
export interface InboundCause {
  requestId: string | null;
  tenantId: string | null;
}

const current = new AsyncLocalStorage<FastifyRequest>();

/**
 * Runs the rest of every request (its hooks, handler and what they await) with the request at
 * hand, so that code far from it (a file store's client) can name the request behind its
 * calls without every signature carrying it. The pattern of @fastify/request-context: the
 * hook's `done` called inside `run`.
 */
export function registerInboundContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => current.run(request, done));
}

/** The request the running code serves, read when asked (authentication sets the tenant later). */
export function inboundCause(): InboundCause {
  const request = current.getStore();
  if (!request) return { requestId: null, tenantId: null };
  const who =
    (request as { actor?: { tenantId: string | null } | null }).actor ??
    (request as { user?: { tenantId: string | null } | null }).user;
  return { requestId: request.id, tenantId: who?.tenantId ?? null };
}
