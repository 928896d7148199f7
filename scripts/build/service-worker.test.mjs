// The service worker's promises: the production build writes /sw.js precaching every file of the
// import map and the theme files, the development build writes none, and the worker itself
// serves hashed files from its cache, pages from the network (the cache when offline), never /api/.
// The two full builds are the test run's shared ones (testing/shared-build.mjs).
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { buildPortal } from './build-portal.mjs';
import { renderServiceWorker } from './service-worker.mjs';
import { sharedBuild } from './testing/shared-build.mjs';

const quiet = () => {};
const constant = (source, name) => JSON.parse(new RegExp(`const ${name} = (.*);`).exec(source)[1]);

describe('service worker in the build', () => {
  let production;
  let productionDir;
  let developmentDir;

  beforeAll(async () => {
    production = await sharedBuild('production');
    productionDir = production.outDir;
    developmentDir = (await sharedBuild('development')).outDir;
  });

  it('precaches every hashed file of the import map, the page, the map and the theme files', () => {
    const source = readFileSync(join(productionDir, 'sw.js'), 'utf8');
    const precache = constant(source, 'PRECACHE');
    for (const url of Object.values(production.importMap.imports)) expect(precache).toContain(url);
    for (const entry of Object.values(production.manifest))
      for (const file of entry.files) expect(precache).toContain(`/${file.fileName}`);
    expect(precache).toEqual(
      expect.arrayContaining(['/index.html', '/importmap.json', '/themes/z113.css', '/themes/evo-icon.svg']),
    );
    for (const url of precache) expect(existsSync(join(productionDir, url))).toBe(true);
    expect(constant(source, 'CACHE')).toMatch(/^hcm-[0-9a-f]{12}$/);
  });

  it('publishes a stylesheet, an icon and a logo per theme in both builds', () => {
    for (const dir of [productionDir, developmentDir]) {
      const files = readdirSync(join(dir, 'themes'));
      for (const type of ['z113', 'evo', 'my-evo'])
        expect(files).toEqual(
          expect.arrayContaining([`${type}.css`, `${type}-icon.svg`, `${type}-logo.svg`]),
        );
      expect(files).toContain('default-logo.svg');
    }
    expect(readFileSync(join(productionDir, 'themes/evo.css'), 'utf8')).toContain('--hcm-brand-80');
  });

  it('writes no worker into the development build', () => {
    expect(existsSync(join(developmentDir, 'sw.js'))).toBe(false);
  });

  it('names the cache after the build: another build, another cache', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hcm-sw-next-'));
    const { cpSync } = await import('node:fs');
    cpSync(productionDir, dir, { recursive: true });
    await buildPortal({
      outDir: dir,
      only: ['@hcm/shell'],
      banners: { '@hcm/shell': '/*! release 2 */' },
      log: quiet,
    });
    const before = readFileSync(join(productionDir, 'sw.js'), 'utf8');
    const after = readFileSync(join(dir, 'sw.js'), 'utf8');
    expect(constant(after, 'CACHE')).not.toBe(constant(before, 'CACHE'));
    const shell = JSON.parse(readFileSync(join(dir, 'importmap.json'), 'utf8')).imports['@hcm/shell'];
    expect(constant(after, 'PRECACHE')).toContain(shell);
    rmSync(dir, { recursive: true, force: true });
  });
});

/** Runs the worker's source against stand-ins for the worker globals. */
function startWorker({ precache, network }) {
  const listeners = {};
  const stores = new Map([['hcm-old', new Map([['/index.html', 'old page']])]]);
  const store = (name) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const entries = stores.get(name);
    const key = (request) => (typeof request === 'string' ? request : new URL(request.url).pathname);
    return {
      match: async (request) => entries.get(key(request)),
      put: async (request, response) => void entries.set(key(request), response),
      addAll: async (urls) => {
        for (const url of urls) entries.set(url, await network(url));
      },
    };
  };
  const caches = {
    open: async (name) => store(name),
    keys: async () => [...stores.keys()],
    delete: async (name) => stores.delete(name),
  };
  const self = {
    location: { origin: 'https://hcm.example' },
    addEventListener: (type, listener) => (listeners[type] = listener),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
    caches,
  };
  const fetch = async (request) => network(new URL(request.url).pathname);
  const source = renderServiceWorker({ cacheName: 'hcm-new', precache });
  runInNewContext(source, { self, fetch, URL, Promise, Set });
  const lifecycle = async (type) => {
    let done;
    listeners[type]({ waitUntil: (promise) => (done = promise) });
    await done;
  };
  const request = async (path, { method = 'GET', mode = 'cors' } = {}) => {
    let answer = null;
    listeners.fetch({
      request: { url: `https://hcm.example${path}`, method, mode },
      respondWith: (promise) => (answer = promise),
    });
    return answer === null ? 'not handled' : await answer;
  };
  return { lifecycle, request, stores };
}

describe('service worker behaviour', () => {
  const hashed = '/apps/hcm-shell.0123456789ab.js';
  const precache = ['/importmap.json', '/index.html', hashed, '/themes/evo.css'];

  it('precaches on install and deletes the caches of older builds on activate', async () => {
    const worker = startWorker({
      precache,
      network: async (url) => ({ ok: true, body: url, clone: () => url }),
    });
    await worker.lifecycle('install');
    expect([...worker.stores.get('hcm-new').keys()].sort()).toEqual([...precache].sort());
    await worker.lifecycle('activate');
    expect([...worker.stores.keys()]).toEqual(['hcm-new']);
  });

  it('serves hashed files from the cache, pages from the network, and the cached page offline', async () => {
    let online = true;
    let fetched = [];
    const worker = startWorker({
      precache,
      network: async (url) => {
        if (!online) throw new TypeError('Failed to fetch');
        fetched.push(url);
        return { ok: true, body: `fresh ${url}`, clone: () => ({ ok: true, body: `fresh ${url}` }) };
      },
    });
    await worker.lifecycle('install');
    fetched = [];
    expect((await worker.request(hashed)).body).toBe(`fresh ${hashed}`);
    expect(fetched).toEqual([]); // from the cache
    expect((await worker.request('/dashboard', { mode: 'navigate' })).body).toBe('fresh /dashboard');
    expect((await worker.request('/importmap.json')).body).toBe('fresh /importmap.json');
    expect(fetched).toEqual(['/dashboard', '/importmap.json']);
    online = false;
    expect((await worker.request('/payroll/periods', { mode: 'navigate' })).body).toBe('fresh /dashboard');
    expect((await worker.request('/importmap.json')).body).toBe('fresh /importmap.json');
  });

  it('never touches the API, other sites or anything but GET', async () => {
    const worker = startWorker({ precache, network: async () => ({ ok: true, clone: () => ({}) }) });
    expect(await worker.request('/api/iam/me/profile')).toBe('not handled');
    expect(await worker.request('/api/system/public/theme')).toBe('not handled');
    expect(await worker.request('/index.html', { method: 'POST' })).toBe('not handled');
    expect(await worker.request('/unknown.txt')).toBe('not handled');
  });
});
