import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../testing/engines.ts';
import { httpClient, type ErrorResult, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { cacheControlFor } from './static-front-end.ts';

const INDEX = '<!doctype html><title>HCM portal</title><div id="root"></div>';
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** A small built front end: index, import map, a hashed module, a translation file. */
function writeFrontEnd(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hcm-static-'));
  mkdirSync(join(dir, 'vendor'));
  mkdirSync(join(dir, 'i18n', 'vi'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(
    join(dir, 'importmap.json'),
    JSON.stringify({ imports: { react: '/vendor/react.3fa9c1d2e4b5.js' } }),
  );
  writeFileSync(join(dir, 'vendor', 'react.3fa9c1d2e4b5.js'), 'System.register([], function () {});');
  writeFileSync(join(dir, 'i18n', 'vi', 'shell.json'), '{"hello":"Xin chào"}');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('cacheControlFor', () => {
  it.each([
    ['vendor/react.3fa9c1d2.js', 'public, max-age=31536000, immutable'],
    ['shell/main-3fa9c1d2e4b5.css', 'public, max-age=31536000, immutable'],
    ['index.html', 'no-cache'],
    ['importmap.json', 'no-cache'],
    ['i18n/vi/shell.3fa9c1d2.json', 'no-cache'],
    ['widgets/my-component.js', 'no-cache'],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor('/srv/public', `/srv/public/${file}`)).toBe(expected);
  });
});

describe.each(await testEngines())('the front end on the API port on $engine', ({ engine, available }) => {
  if (!available) {
    it.skip('PostgreSQL at TEST_DATABASE_URL_ADMIN does not answer', () => undefined);
    return;
  }
  let database: TestDatabase;
  let staticDir: string;
  let server: TestServer;
  let http: HttpClient;

  beforeAll(async () => {
    staticDir = writeFrontEnd();
    database = await createTestDatabase(engine);
    server = await startTestServer({ ...database.env, STATIC_DIR: staticDir });
    http = httpClient(server.url);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('serves index.html at / without long caching', async () => {
    const res = await http.get<string>('/', undefined, HTML);
    expect(res.status).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it.each(['/dashboard', '/login', '/organization/units/42'])(
    'falls back to index.html for the portal route %s',
    async (path) => {
      const res = await http.get<string>(path, undefined, HTML);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.body).toBe(INDEX);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('serves a hashed file as immutable, the import map and translations as no-cache', async () => {
    const hashed = await http.get<string>('/vendor/react.3fa9c1d2e4b5.js');
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers.get('content-type')).toContain('javascript');
    const importMap = await http.get('/importmap.json');
    expect(importMap.status).toBe(200);
    expect(importMap.headers.get('cache-control')).toBe('no-cache');
    const i18n = await http.get('/i18n/vi/shell.json');
    expect(i18n.body).toEqual({ hello: 'Xin chào' });
    expect(i18n.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing script with 404, not with index.html', async () => {
    const res: ErrorResult = await http.get('/vendor/missing.0123abcd.js', undefined, { accept: '*/*' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('never answers an unknown /api path with index.html, even to a browser', async () => {
    const res: ErrorResult = await http.get('/api/not-there', undefined, HTML);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'No route for GET /api/not-there' });
    const post: ErrorResult = await http.post('/dashboard', {});
    expect(post.status).toBe(404);
  });

  it('keeps the API working beside the files', async () => {
    expect((await http.get('/api/health')).status).toBe(200);
  });
});
