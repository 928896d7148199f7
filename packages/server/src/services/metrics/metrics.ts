import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiPaths } from '@hcm/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { MetricsConfig } from '../../config.ts';
import { unauthorized } from '../../http/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route's requests are not counted (the metrics route itself) */
    metrics?: boolean;
  }
}

/** The label of requests no route matched (404s, index.html for portal pages): never the raw URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

const LABELS = ['method', 'route', 'status_code'] as const;

/** Seconds; from a cached answer (~1 ms) to a slow report (10 s). */
const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Prometheus metrics of this process: `http_requests_total` and
 * `http_request_duration_seconds` by method, route pattern (`/api/iam/users/:id/change-password`,
 * never the raw URL) and status code, plus prom-client's default process metrics (CPU, memory,
 * event loop lag, GC, handles). `GET /api/metrics` answers in the text exposition format; with
 * METRICS_TOKEN it wants `Authorization: Bearer <token>` and without one it refuses every scrape
 * (process metrics tell an attacker about load and memory), unless METRICS_PUBLIC=true. Each app gets its own registry, so
 * several apps in one process (tests) do not collide. Must run before the routes are registered.
 */
export function registerMetrics(app: FastifyInstance, config: MetricsConfig): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: LABELS,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to finishing its answer, in seconds',
    labelNames: LABELS,
    buckets: BUCKETS,
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.config?.metrics === false) return;
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const expected = config.token === undefined ? undefined : digest(config.token);
  const authorised = (request: FastifyRequest): boolean => {
    if (!expected) return config.public;
    const match = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '');
    return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
  };

  app.get(ApiPaths.metrics, { config: { auth: 'public', metrics: false } }, async (request, reply) => {
    if (!authorised(request))
      throw unauthorized(
        expected
          ? 'The metrics token is missing or wrong'
          : 'Metrics need a token: set METRICS_TOKEN on the server (or METRICS_PUBLIC=true)',
      );
    return reply
      .type(registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
  // the app's other counters (the outbound log's) join this registry
  return registry;
}
