import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page, Request } from 'playwright-core';
import { launchChromium } from './support/browser.ts';
import { staticDir } from './support/portal-process.ts';
// @ts-expect-error: the build is plain JavaScript (scripts/build); its rule decides which files get copies.
import { isCompressible, MIN_BYTES } from '../scripts/build/precompress.mjs';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();
const KiB = 1024;
/** The design's budget for everything the sign-in page loads (docs/performance.md). */
const SIGN_IN_BUDGET = 350 * KiB;

interface Transfer {
  /** path and query, as requested */
  url: string;
  status: number;
  contentType: string;
  encoding: string | undefined;
  /** what crossed the wire: the response's headers and its (encoded) body */
  bytes: number;
}

/** Playwright's own account of a request (used for the service worker's, which CDP on the page misses). */
async function measurePlaywright(request: Request): Promise<Transfer> {
  const response = await request.response();
  const sizes = await request.sizes();
  const headers = response ? await response.allHeaders() : {};
  const url = new URL(request.url());
  return {
    url: url.pathname + url.search,
    status: response?.status() ?? 0,
    contentType: headers['content-type'] ?? '',
    encoding: headers['content-encoding'],
    bytes: sizes.responseHeadersSize + sizes.responseBodySize,
  };
}

interface NetworkRecorder {
  /** every request of the page so far, measured once it has finished */
  finished(): Transfer[];
  /** requests that failed, and requests not finished yet */
  failed: string[];
  unfinished(): string[];
}

/**
 * Records what Chromium itself counts (DevTools' "transferred"): `Network.loadingFinished`'s
 * encodedDataLength, the bytes received for the response, its headers included.
 */
async function recordNetwork(page: Page): Promise<NetworkRecorder> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const started = new Map<string, string>();
  const responses = new Map<string, { status: number; headers: Record<string, string> }>();
  const done = new Map<string, Transfer>();
  const failed: string[] = [];
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    const url = new URL(request.url);
    started.set(requestId, url.pathname + url.search);
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    responses.set(requestId, { status: response.status, headers });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = responses.get(requestId);
    done.set(requestId, {
      url: started.get(requestId) ?? '?',
      status: response?.status ?? 0,
      contentType: response?.headers['content-type'] ?? '',
      encoding: response?.headers['content-encoding'],
      bytes: encodedDataLength,
    });
  });
  cdp.on('Network.loadingFailed', ({ requestId, errorText }) =>
    failed.push(`${started.get(requestId)} ${errorText}`),
  );
  await cdp.send('Network.enable');
  return {
    finished: () => [...done.values()],
    failed,
    unfinished: () => [...started.keys()].filter((id) => !done.has(id)).map((id) => started.get(id) ?? id),
  };
}

/** Every file the build wrote for an import-map module (build-manifest.json of the served build). */
function moduleFiles(): Set<string> {
  const manifest = JSON.parse(readFileSync(join(staticDir, 'build-manifest.json'), 'utf8')) as Record<
    string,
    { files: { fileName: string }[] }
  >;
  return new Set(Object.values(manifest).flatMap((m) => m.files.map((f) => `/${f.fileName}`)));
}

/** The URLs the served build's service worker precaches (its PRECACHE constant). */
function precacheList(): string[] {
  const source = readFileSync(join(staticDir, 'sw.js'), 'utf8');
  return JSON.parse(/const PRECACHE = (\[.*?\]);/.exec(source)?.[1] ?? '[]') as string[];
}

const isStatic = (t: Transfer) => !t.url.startsWith('/api/');
const isCodeOrData = (t: Transfer) => /javascript|css|json/.test(t.contentType);
const table = (transfers: Transfer[]) =>
  transfers
    .map((t) => `${String(t.bytes).padStart(8)} ${(t.encoding ?? '-').padEnd(5)} ${t.status} ${t.url}`)
    .join('\n');

/** The file of the served build a static answer came from ('/' is index.html). */
const builtPath = (t: Transfer) => (t.url === '/' ? '/index.html' : (t.url.split('?')[0] ?? ''));

/** Compressible files of MIN_BYTES or more: the build wrote a .br for each (precompress.mjs). */
const hasBrotliCopy = (t: Transfer) =>
  isStatic(t) &&
  isCompressible(builtPath(t)) &&
  readFileSync(join(staticDir, builtPath(t))).length >= MIN_BYTES;

const openSignInPage = async (page: Page) => {
  await page.goto('/');
  await page.waitForURL(/\/login/);
  await page.getByRole('button', { name: 'Đăng nhập' }).waitFor();
  await page.waitForLoadState('networkidle');
};

/**
 * The sign-in page as a first-time visitor gets it: a fresh browser context (empty cache),
 * counted in bytes that crossed the wire until the network is idle. Once the page is stable the
 * service worker precaches the whole portal (core §4); that download is the worker's, measured
 * apart in the second test, and blocked in the first so that it cannot serve the page's late
 * requests (they would then cost the page nothing).
 */
describe.each(portals)('what the sign-in page transfers on $engine', ({ baseUrl }) => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  const newPage = async (serviceWorkers: 'allow' | 'block') => {
    context = await browser.newContext({ baseURL: baseUrl, locale: 'vi-VN', serviceWorkers });
    return context.newPage();
  };

  it('stays within 350 KiB, sends code and data as brotli, and asks for each file once', async () => {
    const page = await newPage('block');
    const network = await recordNetwork(page);
    await openSignInPage(page);
    await expect.poll(() => network.unfinished()).toEqual([]);
    const transfers = network.finished();
    const total = transfers.reduce((sum, t) => sum + t.bytes, 0);
    console.log(
      `sign-in page: ${transfers.length} requests, ${(total / KiB).toFixed(1)} KiB transferred\n${table(transfers)}`,
    );

    expect(network.failed).toEqual([]);
    // The page's icon is inline (index.html), so the browser asks for no icon file; if it ever
    // asked for /favicon.ico, that answer is the one allowed to fail.
    expect(transfers.filter((t) => t.status !== 200).map((t) => t.url)).toEqual(
      transfers.filter((t) => t.url === '/favicon.ico').map((t) => t.url),
    );
    expect(total).toBeLessThanOrEqual(SIGN_IN_BUDGET);

    // Brotli for every script, stylesheet, import map and dictionary the build compressed
    // (precompress.mjs skips files under MIN_BYTES: their headers outweigh any saving).
    const staticFiles = transfers.filter((t) => isStatic(t) && t.status === 200);
    expect(staticFiles.filter(hasBrotliCopy).filter((t) => t.encoding !== 'br')).toEqual([]);
    expect(staticFiles.filter(isCodeOrData).filter((t) => t.encoding === 'br').length).toBeGreaterThan(15);

    // Each file once, and only what the page needs: the page, the import map, files of the
    // import map's modules, Vietnamese dictionaries, the theme, and API calls.
    const urls = transfers.map((t) => t.url);
    expect(urls.filter((u, i) => urls.indexOf(u) !== i)).toEqual([]);
    const built = moduleFiles();
    const unexpected = staticFiles
      .map((t) => t.url)
      .filter(
        (u) =>
          !['/', '/importmap.json'].includes(u) &&
          !built.has(u) &&
          !/^\/i18n\/[a-z-]+\/vi\.json$/.test(u) &&
          !u.startsWith('/themes/'),
      );
    expect(unexpected).toEqual([]);
  });

  it('lets the service worker precache the portal in brotli, and serves what it decoded offline', async () => {
    const page = await newPage('allow');
    const workerTransfers: Promise<Transfer>[] = [];
    page.context().on('requestfinished', (request) => {
      if (request.serviceWorker()) workerTransfers.push(measurePlaywright(request));
    });
    await openSignInPage(page);
    // Active means installed, and installing means every precached file was fetched and stored.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const precache = precacheList();
    expect(precache.length).toBeGreaterThan(20);
    await expect.poll(() => workerTransfers.length).toBeGreaterThanOrEqual(precache.length);
    const transfers = await Promise.all(workerTransfers);
    const total = transfers.reduce((sum, t) => sum + t.bytes, 0);
    console.log(
      `service worker precache: ${transfers.length} requests, ${(total / KiB).toFixed(1)} KiB transferred\n${table(transfers)}`,
    );
    expect(transfers.filter((t) => t.status !== 200)).toEqual([]);
    expect(transfers.filter(hasBrotliCopy).filter((t) => t.encoding !== 'br')).toEqual([]);
    expect(transfers.map((t) => t.url)).toEqual(expect.arrayContaining(precache));

    // The cache holds the files themselves, not their brotli bytes: what the portal reads offline.
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const cache = await caches.open(names.find((n) => n.startsWith('hcm-')) ?? '');
      const text = async (url: string) => (await cache.match(url))?.text();
      return { importMap: await text('/importmap.json'), page: await text('/index.html') };
    });
    expect(cached.importMap).toBe(readFileSync(join(staticDir, 'importmap.json'), 'utf8'));
    expect(cached.page).toBe(readFileSync(join(staticDir, 'index.html'), 'utf8'));

    // And the worker serves them: offline, with every answer stored with `Vary: Accept-Encoding`,
    // a reload still opens the sign-in page from its cache.
    // (The import map and the dictionaries are no-cache: offline only the worker has them.)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Đăng nhập' }).waitFor();
  });
});
