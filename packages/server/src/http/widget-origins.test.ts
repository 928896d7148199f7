import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MY_NOTIFICATIONS_PATHS } from '@hcm/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/engines.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { STANDALONE_WIDGETS_FILE } from './static-front-end.ts';

const INTRANET = 'http://intranet.example.vn:8080';
const STRANGER = 'http://stranger.example.com';

// CORS does not depend on the engine: PGlite alone.
describe('pages of the widget origins (WIDGET_ORIGINS)', () => {
  let database: TestDatabase;
  let staticDir: string;
  let server: TestServer;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'hcm-widget-origins-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>HCM</title>');
    mkdirSync(join(staticDir, 'widgets'));
    writeFileSync(join(staticDir, STANDALONE_WIDGETS_FILE), 'console.log("widgets")');
    mkdirSync(join(staticDir, 'i18n/widgets'), { recursive: true });
    writeFileSync(join(staticDir, 'i18n/widgets/vi.json'), '{"notifications":{}}');
    database = await createTestDatabase('pglite');
    server = await startTestServer({ ...database.env, STATIC_DIR: staticDir, WIDGET_ORIGINS: INTRANET });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('answers a preflight from a listed origin with the methods and the session headers, and nothing else', async () => {
    const res = await server.app.inject({
      method: 'OPTIONS',
      url: MY_NOTIFICATIONS_PATHS.countUnread,
      headers: {
        origin: INTRANET,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, language',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(INTRANET);
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/Authorization/);
    expect(String(res.headers['access-control-allow-methods'])).toMatch(/POST/);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.body).toBe('');
  });

  it('lets a listed origin read an API answer, an error included, and leaves others without CORS', async () => {
    const listed = await server.app.inject({
      method: 'GET',
      url: MY_NOTIFICATIONS_PATHS.countUnread,
      headers: { origin: INTRANET },
    });
    expect(listed.statusCode).toBe(401);
    expect(listed.headers['access-control-allow-origin']).toBe(INTRANET);
    expect(listed.json()).toMatchObject({ code: expect.any(String) });

    for (const origin of [STRANGER, 'null', `${INTRANET}.evil.com`]) {
      const res = await server.app.inject({
        method: 'OPTIONS',
        url: MY_NOTIFICATIONS_PATHS.countUnread,
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.statusCode).not.toBe(204);
    }
  });

  it('serves the translations to a listed origin and the standalone bundle to any page', async () => {
    const dictionary = await fetch(`${server.url}/i18n/widgets/vi.json`, { headers: { origin: INTRANET } });
    expect(dictionary.status).toBe(200);
    expect(dictionary.headers.get('access-control-allow-origin')).toBe(INTRANET);

    const bundle = await fetch(`${server.url}/${STANDALONE_WIDGETS_FILE}`, { headers: { origin: STRANGER } });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(bundle.headers.get('cache-control')).toBe('no-cache');
    // every other file keeps helmet's same-origin resource policy
    expect(dictionary.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});
