import type { FastifyInstance } from 'fastify';
import { Headers } from '@hcm/contracts';

/** What a page of another origin may send: the session client's headers (core §7), nothing more. */
const ALLOWED_HEADERS = [
  Headers.authorization,
  'content-type',
  Headers.language,
  Headers.acceptLanguage,
  Headers.loading,
  Headers.ignoreError,
  Headers.optimalResponse,
  Headers.captcha,
  Headers.transactionId,
].join(', ');
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
/** how long a browser may reuse a preflight's answer */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Cross-origin calls from the intranet pages that embed the widgets' standalone bundle
 * (WIDGET_ORIGINS): such a page may call the API and read the translations, with the session's
 * bearer token in a header. No cookies are involved, so credentials stay off; every other origin
 * gets no CORS header at all and the browser keeps it out, as before.
 */
export function registerWidgetOrigins(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    reply.header('vary', 'origin');
    if (typeof origin !== 'string' || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header(
      'access-control-expose-headers',
      `${Headers.requestId}, ${Headers.captchaRequired}, retry-after`,
    );
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply
        .header('access-control-allow-methods', ALLOWED_METHODS)
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
        .code(204);
      return reply.send();
    }
  });
}
