import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './portal-process.ts';

const EMBED_DIR = join(repoRoot, 'e2e/embed');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

export interface EmbedHost {
  /** the intranet page, embedding the widgets of `portalUrl` */
  pageUrl: string;
  stop(): Promise<void>;
}

/**
 * Serves e2e/embed/ as another site of the intranet would: its own origin, its own CSS, no
 * import map, no CSP of ours; `__PORTAL__` in its files becomes the portal's address.
 */
export async function startEmbedHost(origin: string, portalUrl: string): Promise<EmbedHost> {
  const { hostname, port } = new URL(origin);
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', origin).pathname;
    const file = path === '/' ? 'index.html' : path.slice(1);
    const type = TYPES[file.slice(file.lastIndexOf('.'))];
    if (!/^[a-z-]+\.(html|js|css)$/.test(file) || !type) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = readFileSync(join(EMBED_DIR, file), 'utf8').replaceAll('__PORTAL__', portalUrl);
      response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(Number(port), hostname, resolve));
  return {
    pageUrl: `${origin}/`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
