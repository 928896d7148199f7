import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../testing/engines.ts';
import { httpClient, type ErrorResult, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { cacheControlFor, servedPath } from './static-front-end.ts';

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
    ['vendor/react.3fa9c1d2.js.br', 'public, max-age=31536000, immutable'],
    ['vendor/react.3fa9c1d2.js.gz', 'public, max-age=31536000, immutable'],
    ['index.html.br', 'no-cache'],
    ['importmap.json.gz', 'no-cache'],
    ['sw.js.br', 'no-cache'],
    ['themes/evo.css.br', 'no-cache'],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor('/srv/public', `/srv/public/${file}`)).toBe(expected);
  });

  it('describes a compressed copy by the file it was made from', () => {
    expect(servedPath('/srv/public', '/srv/public/sw.js.br')).toBe('sw.js');
    expect(servedPath('/srv/public', '/srv/public/vendor/react.3fa9c1d2.js.gz')).toBe(
      'vendor/react.3fa9c1d2.js',
    );
  });
});

describe.each(await testEngines())('the front end on the API port on $engine', ({ engine }) => {
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

/** What the build writes (scripts/build/precompress.mjs): the file, and its .br and .gz. */
function writeWithCopies(dir: string, file: string, content: string, copies: ('br' | 'gz')[]) {
  mkdirSync(join(dir, file, '..'), { recursive: true });
  writeFileSync(join(dir, file), content);
  if (copies.includes('br')) writeFileSync(join(dir, `${file}.br`), brotliCompressSync(content));
  if (copies.includes('gz')) writeFileSync(join(dir, `${file}.gz`), gzipSync(content, { level: 9 }));
}

/** A built-like front end: every text file with its copies, some without (as the build may leave them). */
function writeCompressedFrontEnd(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hcm-static-compressed-'));
  const both: ('br' | 'gz')[] = ['br', 'gz'];
  const page = `<!doctype html><html lang="vi"><title>HCM portal</title>${'<p>portal</p>'.repeat(40)}</html>`;
  writeWithCopies(dir, 'index.html', page, both);
  writeWithCopies(
    dir,
    'importmap.json',
    JSON.stringify({ imports: { react: REACT } }, null, 2).repeat(10),
    both,
  );
  writeWithCopies(dir, REACT.slice(1), SCRIPT, both);
  writeWithCopies(
    dir,
    'sw.js',
    `const PRECACHE = ${JSON.stringify([REACT, '/index.html'])};\n${SCRIPT}`,
    both,
  );
  writeWithCopies(dir, 'i18n/shell/vi.json', JSON.stringify({ greeting: 'Xin chào' }).repeat(30), both);
  writeWithCopies(dir, 'themes/evo.css', ':root { --brand: #0078d4; }\n'.repeat(30), both);
  // Only gzip (a copy missing), and nothing at all (too small to be worth it).
  writeWithCopies(dir, 'lib/only-gzip.0123456789ab.js', SCRIPT, ['gz']);
  writeWithCopies(dir, 'themes/evo-icon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', []);
  return dir;
}

const REACT = '/vendor/react.3fa9c1d2e4b5.js';
const SCRIPT = 'System.register([], function () { return { execute: function () {} } });\n'.repeat(50);
const CHROME = 'gzip, deflate, br, zstd';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** the bytes on the wire, not decoded (fetch would decode them) */
  body: Buffer;
}

/** One request with node:http, which sends no Accept-Encoding of its own and decodes nothing. */
function rawRequest(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (answer: RawAnswer): string => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return gunzipSync(answer.body).toString();
  return answer.body.toString();
};

// Files only: the database is not involved, so one engine (PGlite, the cheaper) is enough.
describe('the front end compressed by the build, chosen by Accept-Encoding', () => {
  let database: TestDatabase;
  let dir: string;
  let server: TestServer;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(`${server.url}${path}`, headers, method);
  const onDisk = (file: string) => readFileSync(join(dir, file));

  beforeAll(async () => {
    dir = writeCompressedFrontEnd();
    database = await createTestDatabase('pglite');
    server = await startTestServer({ ...database.env, STATIC_DIR: dir });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends brotli to a browser that accepts it, with the file's type and the copy's length", async () => {
    const res = await get(REACT, { 'accept-encoding': CHROME });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding, Origin');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(onDisk(`${REACT.slice(1)}.br`).length));
    expect(res.body.equals(onDisk(`${REACT.slice(1)}.br`))).toBe(true);
    expect(decode(res)).toBe(SCRIPT);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ])('answers Accept-Encoding "%s" with %s', async (acceptEncoding, expected) => {
    const res = await get(REACT, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers.vary).toBe('Accept-Encoding, Origin');
    expect(res.headers['content-length']).toBe(String(res.body.length));
    expect(decode(res)).toBe(SCRIPT);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('falls back to gzip when the .br is missing, and to the file when both are', async () => {
    const gz = await get('/lib/only-gzip.0123456789ab.js', { 'accept-encoding': CHROME });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz)).toBe(SCRIPT);
    const plain = await get('/themes/evo-icon.svg', { 'accept-encoding': CHROME });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('image/svg+xml');
    expect(plain.body.toString()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it.each([
    ['/', 'index.html', 'text/html; charset=utf-8'],
    ['/importmap.json', 'importmap.json', 'application/json; charset=utf-8'],
    ['/sw.js', 'sw.js', 'application/javascript; charset=utf-8'],
    ['/i18n/shell/vi.json', 'i18n/shell/vi.json', 'application/json; charset=utf-8'],
    ['/themes/evo.css', 'themes/evo.css', 'text/css; charset=utf-8'],
  ])('sends %s compressed and revalidated (no-cache, ETag, Last-Modified)', async (path, file, type) => {
    const res = await get(path, { 'accept-encoding': CHROME, accept: HTML.accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('Accept-Encoding, Origin');
    expect(decode(res)).toBe(onDisk(file).toString());
    const etag = res.headers.etag ?? '';
    expect(etag).not.toBe('');
    expect(res.headers['last-modified']).toBeDefined();
    const again = await get(path, { 'accept-encoding': CHROME, accept: HTML.accept, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('keeps the service worker allowed at the root when it is sent compressed', async () => {
    const res = await get('/sw.js', { 'accept-encoding': CHROME });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['service-worker-allowed']).toBe('/');
  });

  it('falls back to a compressed index.html for a portal route', async () => {
    const res = await get('/organization/units/42', { 'accept-encoding': CHROME, accept: HTML.accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decode(res)).toBe(onDisk('index.html').toString());
  });

  it('answers HEAD with the headers of the copy GET would send, and no body', async () => {
    const res = await get(REACT, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-length']).toBe(String(onDisk(`${REACT.slice(1)}.gz`).length));
    expect(res.body.length).toBe(0);
  });

  it('answers a range of the representation it sends', async () => {
    const plain = await get(REACT, { range: 'bytes=0-15' });
    expect(plain.status).toBe(206);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT.slice(0, 16));
    const br = await get(REACT, { range: 'bytes=0-15', 'accept-encoding': 'br' });
    expect(br.status).toBe(206);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-range']).toBe(`bytes 0-15/${onDisk(`${REACT.slice(1)}.br`).length}`);
    expect(br.body.equals(onDisk(`${REACT.slice(1)}.br`).subarray(0, 16))).toBe(true);
  });

  it('does not hand out a compressed copy by its own name', async () => {
    const res = await get(`${REACT}.br`, { accept: '*/*' });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString()).code).toBe('NOT_FOUND');
  });
});
