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

/** Cache policy: hashed files forever; everything else (index.html, importmap.json, i18n/**) revalidated. */
export function cacheControlFor(root: string, file: string): string {
  const path = relative(root, file).split(sep).join('/');
  if (path.startsWith('i18n/')) return REVALIDATE;
  return HASHED_NAME.test(basename(path)) ? IMMUTABLE : REVALIDATE;
}

/**
 * Serves the built front end from `root`. One wildcard route reads the folder at request
 * time, so redeploying one micro-app (new hashed files, new import map) needs no restart.
 * Unknown paths fall through to the not-found handler, which serves index.html to pages.
 */
export async function registerStaticFrontEnd(app: FastifyInstance, root: string): Promise<void> {
  // Registered on `app` itself (@fastify/static skips encapsulation), so `reply.sendFile` is
  // also there for the root not-found handler.
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    // Our own Cache-Control below; `send`'s would be `public, max-age=0` for everything.
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader('cache-control', cacheControlFor(root, file));
      // Checked by the browser on every update: never kept, and allowed to control every page.
      if (relative(root, file) === SERVICE_WORKER_FILE) res.setHeader('service-worker-allowed', '/');
    },
  });
}
