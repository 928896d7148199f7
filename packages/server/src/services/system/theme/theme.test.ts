import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiPaths, type PortalTheme } from '@hcm/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { DOCS_JSON_PATH } from '../../../http/openapi.ts';
import { testEngines } from '../../../testing/engines.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';

/** The pieces of a production build the theme and the service worker rely on. */
function writeFrontEnd(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hcm-theme-'));
  mkdirSync(join(dir, 'themes'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>HCM</title>');
  writeFileSync(join(dir, 'themes', 'z113.css'), ':root { --hcm-brand-80: #2e7d32; }');
  writeFileSync(join(dir, 'sw.js'), "self.addEventListener('fetch', () => {});");
  return dir;
}

describe.each(await testEngines())('the theme and the service worker on $engine', ({ engine }) => {
  const staticDir = writeFrontEnd();
  const suite = serveDuringSuite(engine, {
    STATIC_DIR: staticDir,
    THEME: 'z113',
    THEME_LOGO_URL: '/brand/z113-logo.png',
  });
  afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

  it('offers the configured theme to anyone, signed in or not, revalidated on every load', async () => {
    const res = await suite.http.get<{ data: PortalTheme }>(ApiPaths.theme.current);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { type: 'z113', logoUrl: '/brand/z113-logo.png' } });
    expect(res.headers.get('cache-control')).toBe('no-cache');
    // A stale token does not matter on a public route.
    const withOldToken = await suite.http.get(ApiPaths.theme.current, 'expired.token.value');
    expect(withOldToken.status).toBe(200);
  });

  it('documents the endpoint as public, with its schema', async () => {
    const res = await suite.http.get<{
      paths: Record<string, { get?: { 'x-auth'?: string; responses?: Record<string, unknown> } }>;
    }>(DOCS_JSON_PATH);
    const operation = res.body.paths[ApiPaths.theme.current]?.get;
    expect(operation?.['x-auth']).toBe('public');
    expect(JSON.stringify(operation?.responses?.['200'])).toContain('my-evo');
  });

  it('lets the page load the theme stylesheet and the data: logo under its CSP', async () => {
    const css = await suite.http.get<string>('/themes/z113.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(css.headers.get('cache-control')).toBe('no-cache');
    const csp = css.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/style-src 'self'/);
    expect(csp).toMatch(/img-src 'self' data:/);
  });

  it('serves the service worker revalidated and allowed to control the whole portal', async () => {
    const res = await suite.http.get<string>('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('service-worker-allowed')).toBe('/');
    const page = await suite.http.get<string>('/index.html');
    expect(page.headers.get('service-worker-allowed')).toBe(null);
  });
});

describe('the default theme', () => {
  const suite = serveDuringSuite('pglite');

  it('is the portal’s own with its built-in logo when nothing is configured', async () => {
    const res = await suite.http.get<{ data: PortalTheme }>(ApiPaths.theme.current);
    expect(res.body).toEqual({ data: { type: 'default', logoUrl: null } });
  });
});
