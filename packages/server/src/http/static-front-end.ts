import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { basename, relative, sep } from 'node:path';

/**
 * A file whose name carries a content hash (`name.3fa9c1d2.js`, `name-3fa9c1d2.css`): 8 or more
 * lower-case hex digits between a dot or dash and the extension. Its content never changes
 * under that name, so browsers may keep it for a year.
 */
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The production build's service worker (scripts/build/service-worker.mjs), at the root so its scope is the whole portal. */
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * The widgets' standalone bundle (scripts/build/standalone-widgets.mjs): one stable name, so that
 * an intranet page's script tag never changes; revalidated like index.html.
 */
export const STANDALONE_WIDGETS_FILE = 'widgets/hcm-widgets.js';

/** The build's compressed copies of a file (scripts/build/precompress.mjs): `file.br`, `file.gz`. */
const COMPRESSED_COPY = /\.(br|gz)$/;

/**
 * The path of the file a response represents, relative to `root` with '/': `file` itself, or the
 * file a compressed copy was made from (the headers describe the file, not its copy).
 */
export function servedPath(root: string, file: string): string {
  return relative(root, file).split(sep).join('/').replace(COMPRESSED_COPY, '');
}

/**
 * Cache policy: hashed files forever; everything else (index.html, importmap.json, sw.js,
 * i18n/**, themes/*) revalidated, by ETag and Last-Modified, which `send` writes for each file.
 */
export function cacheControlFor(root: string, file: string): string {
  const path = servedPath(root, file);
  if (path.startsWith('i18n/')) return REVALIDATE;
  return HASHED_NAME.test(basename(path)) ? IMMUTABLE : REVALIDATE;
}

/**
 * Serves the built front end from `root`. One wildcard route reads the folder at request
 * time, so redeploying one micro-app (new hashed files, new import map) needs no restart.
 * Unknown paths fall through to the not-found handler, which serves index.html to pages.
 *
 * Compressed by the build, not per request: @fastify/static's `preCompressed` answers a request
 * accepting brotli with `file.br` (else gzip with `file.gz`, else the file), with the file's own
 * Content-Type, the copy's Content-Length, ETag and Last-Modified, and Content-Encoding; a copy
 * that is missing falls back to the next. Ranges and HEAD apply to the representation sent.
 */
export async function registerStaticFrontEnd(app: FastifyInstance, root: string): Promise<void> {
  // Registered on `app` itself (@fastify/static skips encapsulation), so `reply.sendFile` is
  // also there for the root not-found handler.
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    preCompressed: true,
    // The copies are reached through content negotiation only: asked for by name they would
    // come without Content-Encoding, as bytes no page can use.
    allowedPath: (pathname) => !COMPRESSED_COPY.test(pathname),
    // Our own Cache-Control below; `send`'s would be `public, max-age=0` for everything.
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader('cache-control', cacheControlFor(root, file));
      // Every answer depends on Accept-Encoding, the uncompressed one too: a shared cache must
      // not hand a brotli body to a client that did not ask for it, nor the reverse.
      // (Origin: the answer to an embedding page carries its CORS header, http/widget-origins.ts)
      res.setHeader('vary', 'Accept-Encoding, Origin');
      // Any page may load the standalone bundle with a plain script tag (helmet's same-origin
      // resource policy would refuse it); what it then calls is still subject to CORS.
      if (servedPath(root, file) === STANDALONE_WIDGETS_FILE)
        res.setHeader('cross-origin-resource-policy', 'cross-origin');
      // Checked by the browser on every update: never kept, and allowed to control every page.
      if (servedPath(root, file) === SERVICE_WORKER_FILE) res.setHeader('service-worker-allowed', '/');
    },
  });
}
