import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorEnvelope } from '@hcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../testing/engines.ts';
import { httpClient, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, TEST_HR_ADMIN, type TestServer } from '../testing/test-server.ts';
import { portalDirectives, readFrontEndPage } from './security.ts';

const INLINE = "\n      System.import('@hcm/root-config');\n    ";
const PAGE = `<!doctype html><html><head><title>HCM</title>
<script type="systemjs-importmap" src="/importmap.json"></script>
<script type="systemjs-importmap">{"imports":{}}</script>
<script src="/vendor/system.3fa9c1d2.js"></script></head>
<body><div id="hcm-shell"></div><script>${INLINE}</script></body></html>`;
const HTML = { accept: 'text/html' };

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function frontEnd(html: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'hcm-csp-'));
  writeFileSync(join(dir, 'index.html'), html);
  return dir;
}

/** The CSP header as directive → sources. */
function csp(header: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describe('readFrontEndPage', () => {
  it('hashes the inline scripts the browser runs, not scripts with src or import maps', () => {
    const dir = frontEnd(PAGE);
    try {
      expect(readFrontEndPage(dir)).toEqual({ inlineScriptHashes: [sha256(INLINE)], development: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('knows a development build by its import-map-overrides, and a missing page', () => {
    const dir = frontEnd('<script src="/vendor/import-map-overrides.1234abcd.js"></script>');
    try {
      expect(readFrontEndPage(dir)).toEqual({ inlineScriptHashes: [], development: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(readFrontEndPage(join(tmpdir(), 'no-such-front-end'))).toEqual({
      inlineScriptHashes: [],
      development: false,
    });
  });

  it('lets a development page load modules from a local dev server, and a production page not', () => {
    expect(portalDirectives({ inlineScriptHashes: [], development: false }, false)['script-src']).toEqual([
      "'self'",
    ]);
    expect(portalDirectives({ inlineScriptHashes: [], development: true }, false)['script-src']).toEqual([
      "'self'",
      'http://localhost:*',
      'http://127.0.0.1:*',
    ]);
  });
});

describe.each(await testEngines())('security headers and rate limits on $engine', ({ engine }) => {
  let database: TestDatabase;
  let staticDir: string;
  let server: TestServer;
  let http: HttpClient;

  beforeAll(async () => {
    staticDir = frontEnd(PAGE);
    database = await createTestDatabase(engine);
    server = await startTestServer({
      ...database.env,
      STATIC_DIR: staticDir,
      RATE_LIMIT_WINDOW_SECONDS: '60',
      RATE_LIMIT_SIGN_IN_PER_IP: '8',
      RATE_LIMIT_SIGN_IN_PER_USERNAME: '3',
      // x-forwarded-for from the test's own loopback connection names the client address
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_REFRESH_PER_IP: '2',
      RATE_LIMIT_CAPTCHA_PER_IP: '2',
    });
    http = httpClient(server.url);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
    rmSync(staticDir, { recursive: true, force: true });
  });

  describe('headers', () => {
    it('puts the portal’s CSP and the other headers on index.html, with the inline script’s hash', async () => {
      for (const path of ['/', '/login']) {
        const res = await http.get<string>(path, undefined, HTML);
        expect(res.status).toBe(200);
        expect(res.body).toContain('hcm-shell');
        const policy = csp(res.headers.get('content-security-policy'));
        expect(policy).toEqual({
          'default-src': ["'self'"],
          'script-src': ["'self'", sha256(INLINE)],
          'script-src-attr': ["'none'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'frame-src': ["'self'", 'blob:'],
          'media-src': ["'self'", 'blob:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
        });
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
        expect(res.headers.get('x-powered-by')).toBeNull();
        // Plain HTTP (no PUBLIC_URL https://): no HSTS.
        expect(res.headers.get('strict-transport-security')).toBeNull();
      }
    });

    it('puts them on API answers too, errors included', async () => {
      for (const res of [
        await http.get('/api/health'),
        await http.get('/api/iam/me/profile'),
        await http.get('/api/nothing-here'),
      ]) {
        expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-powered-by')).toBeNull();
      }
    });
  });

  describe('rate limits', () => {
    it('limits sign-in per user name and address: 429 in the envelope with Retry-After', async () => {
      const body = { username: 'limited_name', password: 'Wrong#Pass1' };
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await http.post('/api/iam/authenticate', body)).status);
      expect(statuses).toEqual([401, 401, 401]);
      const limited = await http.post<ErrorEnvelope>('/api/iam/authenticate', body);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringMatching(/^Too many requests: try again in \d+ seconds?$/),
      });
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // The name is what is limited (also in another case), not the others.
      expect((await http.post('/api/iam/authenticate', { ...body, username: 'LIMITED_NAME' })).status).toBe(
        429,
      );
      // From another address the same name is still answered: a stranger cannot keep its owner out.
      const elsewhere = { 'x-forwarded-for': '203.0.113.9' };
      expect((await http.post('/api/iam/authenticate', body, undefined, elsewhere)).status).toBe(401);
      expect(
        (
          await http.post('/api/iam/authenticate', {
            username: TEST_HR_ADMIN.username,
            password: TEST_HR_ADMIN.password,
          })
        ).status,
      ).toBe(200);
    });

    it('limits sign-in per client address, before reading the body', async () => {
      // 6 sign-ins so far from 127.0.0.1 in this window (the test above): two more are allowed.
      for (const username of ['other_name', 'third_name'])
        expect((await http.post('/api/iam/authenticate', { username, password: 'x' })).status).toBe(401);
      const limited = await http.post<ErrorEnvelope>('/api/iam/authenticate', { not: 'even valid' });
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('TOO_MANY_REQUESTS');
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(limited.headers.get('content-security-policy')).toBeTruthy();
    });

    it('limits refresh-token and captcha per client address', async () => {
      for (const [method, path] of [
        ['POST', '/api/iam/refresh-token'],
        ['GET', '/api/iam/public/captcha'],
      ] as const) {
        const call = () =>
          method === 'POST'
            ? http.post<ErrorEnvelope>(path, { refreshToken: 'x' })
            : http.get<ErrorEnvelope>(path);
        const first = [(await call()).status, (await call()).status];
        expect(first, path).not.toContain(429);
        const limited = await call();
        expect(limited.status, path).toBe(429);
        expect(limited.body.code).toBe('TOO_MANY_REQUESTS');
      }
    });

    it('leaves the rest of the API alone', async () => {
      for (let i = 0; i < 10; i++) expect((await http.get('/api/health')).status).toBe(200);
    });
  });
});

describe('HSTS behind HTTPS', () => {
  let database: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    server = await startTestServer({
      ...database.env,
      PUBLIC_URL: 'https://hcm.example.vn',
      HSTS_MAX_AGE_SECONDS: '31536000',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it('sends Strict-Transport-Security and upgrades insecure requests when PUBLIC_URL is https://', async () => {
    const res = await httpClient(server.url).get('/api/health');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(res.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });
});
