import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { ErrorCodes } from '@hcm/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import type { HttpConfig, RateLimitConfig } from '../config.ts';
import { AppError } from './errors.ts';

/**
 * The rate limits a route takes part in, declared on the route like `auth`:
 * `config: { auth: 'public', throttle: 'sign-in' }`. The numbers come from RateLimitConfig.
 * - sign-in: per client address (before the body is read) and per user name (after validation);
 * - refresh-token and captcha: per client address.
 */
export type Throttle = 'sign-in' | 'refresh-token' | 'captcha';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** rate limits of the route (http/security.ts); absent: none */
    throttle?: Throttle;
  }
}

/** TRUST_PROXY as Fastify takes it (its types have no hop count: a function counts the hops). */
export function trustProxyOption(
  trustProxy: HttpConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trustProxy === 'number' ? (_address, hop) => hop < trustProxy : trustProxy;
}

export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(
    429,
    ErrorCodes.tooManyRequests,
    `Too many requests: try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`,
  );

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** A hook that counts the request against `limiter` and answers 429 with Retry-After past the limit. */
const enforce =
  (limiter: Limiter): Hook =>
  async (request, reply) => {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    const retryAfter = Math.max(1, result.ttlInSeconds);
    reply.header('retry-after', String(retryAfter));
    request.log.warn({ limit: result.max, key: result.key }, 'rate limit exceeded');
    throw tooManyRequests(retryAfter);
  };

/**
 * A user name (any case) from one client address. Counting a name across every address would
 * let a stranger keep its owner at 429 from anywhere; across addresses, guessing one name is
 * bounded by each pair's lock and the proof of work (services/iam/session/sign-in-failures.ts).
 */
const usernameAndAddressOf = (request: FastifyRequest): string => {
  const body = request.body as { username?: unknown } | undefined;
  const name = typeof body?.username === 'string' ? body.username.toLowerCase() : '';
  return `${name}\u0000${request.ip}`;
};

function addHook(route: RouteOptions, name: 'onRequest' | 'preHandler', hook: Hook): void {
  const current = route[name];
  route[name] = (
    current === undefined ? [hook] : Array.isArray(current) ? [...current, hook] : [current, hook]
  ) as onRequestHookHandler[];
}

/**
 * Rate limits on the routes that declare `config.throttle`, counted with @fastify/rate-limit's
 * memory store: per process, so behind a load balancer each node counts on its own (README:
 * a shared Redis store is the remedy). `max` 0 turns a limit off. Must run before the routes
 * are registered (it hooks onRoute).
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimitConfig): Promise<void> {
  await app.register(fastifyRateLimit, { global: false });
  const timeWindow = limits.windowSeconds * 1000;
  const limiter = (max: number, keyGenerator?: (request: FastifyRequest) => string) =>
    max > 0
      ? enforce(app.createRateLimit({ max, timeWindow, ...(keyGenerator ? { keyGenerator } : {}) }))
      : null;

  // The default key is the client address (request.ip, IPv6 by /64), which TRUST_PROXY decides.
  const hooks: Record<Throttle, { onRequest: Hook | null; preHandler: Hook | null }> = {
    'sign-in': {
      onRequest: limiter(limits.signInPerIp),
      preHandler: limiter(limits.signInPerUsername, usernameAndAddressOf),
    },
    'refresh-token': { onRequest: limiter(limits.refreshPerIp), preHandler: null },
    captcha: { onRequest: limiter(limits.captchaPerIp), preHandler: null },
  };

  app.addHook('onRoute', (route) => {
    const throttle = route.config?.throttle;
    if (throttle === undefined) return;
    const { onRequest, preHandler } = hooks[throttle];
    if (onRequest) addHook(route, 'onRequest', onRequest);
    if (preHandler) addHook(route, 'preHandler', preHandler);
  });
}

/** What the security headers need to know about the built portal page. */
export interface FrontEndPage {
  /** CSP sources ('sha256-…') of the page's inline scripts, if it has any */
  inlineScriptHashes: string[];
  /** a development build (carries import-map-overrides), whose modules may come from a local dev server */
  development: boolean;
}

const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXECUTABLE_TYPE = /^(|text\/javascript|application\/javascript|module)$/i;

/**
 * Reads `index.html` of the built front end once, at start: each inline script that the
 * browser would run gets its hash into script-src (the page itself needs no other exception).
 * Scripts with `src` need no hash, nor do inline blocks the browser does not run (import maps).
 */
export function readFrontEndPage(staticDir: string): FrontEndPage {
  const file = join(staticDir, 'index.html');
  if (!existsSync(file)) return { inlineScriptHashes: [], development: false };
  const html = readFileSync(file, 'utf8');
  const inlineScriptHashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT_TAG)) {
    if (/\bsrc\s*=/i.test(attributes) || body.trim() === '') continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!EXECUTABLE_TYPE.test(type)) continue;
    inlineScriptHashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return { inlineScriptHashes, development: html.includes('import-map-overrides') };
}

/** Where `pnpm dev:module` serves a micro-app from; allowed only when a development build is served. */
const DEV_SERVER_SOURCES = ['http://localhost:*', 'http://127.0.0.1:*'];

type Directives = Record<string, string[]>;

/**
 * The portal's Content-Security-Policy: everything from its own origin; scripts from files only
 * (plus the hashes of inline scripts of index.html, if any); styles also inline, because Fluent
 * UI (Griffel) inserts <style> elements at run time; images also as data: URLs (the captcha,
 * the default avatars) and blob: URLs (thumbnails fetched with the access token); frames and
 * media from blob: URLs too (the guideline viewer's PDF and video previews);
 * no plugins, no framing by anyone, forms and <base> to its own origin.
 */
export function portalDirectives(page: FrontEndPage, https: boolean): Directives {
  const dev = page.development ? DEV_SERVER_SOURCES : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...page.inlineScriptHashes, ...dev],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...dev],
    'img-src': ["'self'", 'data:', 'blob:'],
    // the guideline viewer's previews: a PDF in a frame and a video, read with the token into blob: URLs
    'frame-src': ["'self'", 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...dev],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every answer (pages, files and API), by helmet: the CSP above,
 * X-Content-Type-Options nosniff, X-Frame-Options DENY, Referrer-Policy no-referrer,
 * Cross-Origin-Opener/Resource-Policy same-origin, and HSTS only when the portal is reached over
 * HTTPS (PUBLIC_URL https://...): sent over plain HTTP, HSTS would lock users out of it.
 * Fastify sends no X-Powered-By; helmet removes one if anything adds it. Swagger UI
 * (/api/docs) works under the same policy (its scripts are files), so it gets no exception; a
 * route that needs one can say so with helmet's route option `helmet: {...}`.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { http: HttpConfig; page: FrontEndPage },
): Promise<void> {
  const https = options.http.publicUrl?.startsWith('https://') ?? false;
  const hsts = https && options.http.hstsMaxAgeSeconds > 0;

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: portalDirectives(options.page, https) },
    strictTransportSecurity: hsts
      ? { maxAge: options.http.hstsMaxAgeSeconds, includeSubDomains: false }
      : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}
