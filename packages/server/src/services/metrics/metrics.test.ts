import { randomUUID } from 'node:crypto';
import type { ErrorEnvelope } from '@hcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../testing/engines.ts';
import { httpClient, type HttpClient } from '../../testing/http-client.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

const TOKEN = 'scrape-me-please-0123456789';

/** The value of one sample line of the exposition, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',');
    // no wanted label missing (no labels wanted: the first sample of the name)
    if (!wanted.some((pair) => !have.includes(pair))) return Number(match[3]);
  }
  return 0;
}

describe.each(await testEngines())('GET /api/metrics on $engine', ({ engine }) => {
  let database: TestDatabase;
  let server: TestServer;
  let http: HttpClient;
  const metrics = async () => {
    const res = await http.get<string>('/api/metrics');
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    server = await startTestServer({ ...database.env, METRICS_PUBLIC: 'true' });
    http = httpClient(server.url);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it('counts a request it just made, by route pattern, method and status, with its latency', async () => {
    const health = { method: 'GET', route: '/api/health', status_code: '200' };
    const before = sample(await metrics(), 'http_requests_total', health);
    await http.get('/api/health');
    const res = await http.get<string>('/api/metrics');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(sample(text, 'http_requests_total', health)).toBe(before + 1);
    expect(sample(text, 'http_request_duration_seconds_count', health)).toBe(before + 1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(before + 1);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('labels by the route pattern, never the raw URL, and unmatched paths as one label', async () => {
    const id = randomUUID();
    await http.post(`/api/iam/users/${id}/change-password`, { newPassword: 'x' });
    await http.get(`/api/no-such-thing/${id}`);
    const text = await metrics();
    expect(
      sample(text, 'http_requests_total', {
        method: 'POST',
        route: '/api/iam/users/:id/change-password',
        status_code: '401',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_requests_total', { method: 'GET', route: '(unmatched)', status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
  });

  it('does not count itself', async () => {
    await metrics();
    await metrics();
    expect(await metrics()).not.toContain('route="/api/metrics"');
  });

  it('includes the default process metrics', async () => {
    const text = await metrics();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(text).toContain(`# TYPE ${name} `);
  });
});

describe('GET /api/metrics by default (no METRICS_TOKEN, not METRICS_PUBLIC)', () => {
  let database: TestDatabase;
  let server: TestServer;
  let http: HttpClient;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    server = await startTestServer(database.env);
    http = httpClient(server.url);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it('refuses every scrape, with or without a bearer', async () => {
    for (const token of [undefined, 'anything-0123456789']) {
      const res = await http.get<ErrorEnvelope>('/api/metrics', token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        code: 'UNAUTHORIZED',
        message: 'Metrics need a token: set METRICS_TOKEN on the server (or METRICS_PUBLIC=true)',
      });
    }
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  let database: TestDatabase;
  let server: TestServer;
  let http: HttpClient;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    server = await startTestServer({ ...database.env, METRICS_TOKEN: TOKEN });
    http = httpClient(server.url);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it('wants the token as a bearer', async () => {
    for (const token of [undefined, 'wrong-token-0123456789']) {
      const res = await http.get<ErrorEnvelope>('/api/metrics', token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: 'The metrics token is missing or wrong' });
    }
    const res = await http.get<string>('/api/metrics', TOKEN);
    expect(res.status).toBe(200);
    expect(res.body).toContain('http_requests_total');
  });
});
