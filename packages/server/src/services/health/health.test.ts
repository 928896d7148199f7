import type { Health } from '@hcm/contracts';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines } from '../../testing/engines.ts';
import { httpClient, type ErrorResult, type HttpResult } from '../../testing/http-client.ts';
import { startTestServer } from '../../testing/test-server.ts';
import { serveDuringSuite } from '../../testing/serve-during-suite.ts';
import { readJournal } from '../../db/migrations.ts';
import { resolveServerPaths } from '../../paths.ts';

const journal = readJournal(resolveServerPaths().migrationsDir);
const latest = journal[journal.length - 1] ?? { version: 0, name: '' };

describe.each(await testEngines('both'))('health and the API edge on $engine', ({ engine }) => {
  const suite = serveDuringSuite(engine);

  it('reports the engine, its version and the applied migration', async () => {
    const res: HttpResult<{ data: Health }> = await suite.http.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'ok',
      database: { engine },
      migration: { version: latest.version, name: latest.name },
    });
    expect(res.body.data.database.serverVersion).toMatch(/^\d+\.\d+/);
    expect(res.body.data.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('echoes a sane x-request-id and makes one up otherwise', async () => {
    const given = await suite.http.get('/api/health', undefined, { 'x-request-id': 'abc-123' });
    expect(given.headers.get('x-request-id')).toBe('abc-123');
    const made = await suite.http.get('/api/health', undefined, { 'x-request-id': 'bad id with spaces' });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(suite.server.logs()).toContain('"requestId":"abc-123"');
  });

  it.each(['GET', 'POST', 'DELETE', 'PUT'])(
    'answers an unknown /api path (%s) with a JSON 404',
    async (method) => {
      const res: ErrorResult = await suite.http.request(method, '/api/no/such/thing', {
        headers: { accept: 'text/html' },
      });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: `No route for ${method} /api/no/such/thing` });
    },
  );

  it('answers 503 DATABASE_UNAVAILABLE, not 500, when the database is gone', async () => {
    const own = await createTestDatabase(engine);
    const doomed = await startTestServer(own.env);
    try {
      await doomed.db.close();
      const res: ErrorResult = await httpClient(doomed.url).get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ code: 'DATABASE_UNAVAILABLE', message: 'The database does not answer' });
      expect(doomed.logs()).toContain('"level":50');
    } finally {
      await doomed.app.close();
      await own.dispose();
    }
  });

  it('answers / with 503 while the front end is not built', async () => {
    const json: ErrorResult = await suite.http.get('/');
    expect(json.status).toBe(503);
    expect(json.body.code).toBe('FRONT_END_NOT_BUILT');
    const page = await suite.http.get<string>('/dashboard', undefined, { accept: 'text/html' });
    expect(page.status).toBe(503);
    expect(page.body).toContain('pnpm build');
  });

  it('turns malformed JSON into a 400 envelope, not a 500', async () => {
    const res: ErrorResult = await suite.http.request('POST', '/api/iam/authenticate', {
      raw: '{"username": ',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('answers a media type it cannot read with 415, and a text body with 400, in the envelope', async () => {
    const xml: ErrorResult = await suite.http.request('POST', '/api/iam/authenticate', {
      raw: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.status).toBe(415);
    expect(xml.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const text: ErrorResult = await suite.http.request('POST', '/api/iam/authenticate', {
      raw: 'username=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ code: 'VALIDATION_FAILED', message: 'The body must be a JSON object' });
  });
});
