import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Folders the server needs at run time, found from this file's own location rather than the
 * process cwd: the same code runs from src/ under tsx and bundled as dist/main.mjs, and both
 * must find packages/server/migrations and <repo>/dist/public.
 */
export interface ServerPaths {
  /** packages/server */
  serverRoot: string;
  /** the workspace root (holds pnpm-workspace.yaml) */
  repoRoot: string;
  migrationsDir: string;
  defaultStaticDir: string;
}

const SERVER_PACKAGE_NAME = '@hcm/server';

function isServerPackage(dir: string): boolean {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === SERVER_PACKAGE_NAME;
  } catch {
    return false;
  }
}

/** Walks up from `start` to the first folder that satisfies `match`. */
function findUp(start: string, match: (dir: string) => boolean): string | undefined {
  let dir = start;
  for (;;) {
    if (match(dir)) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function resolveServerPaths(fromUrl: string = import.meta.url): ServerPaths {
  const here = dirname(fileURLToPath(fromUrl));
  // src/paths.ts and dist/main.mjs both sit one level below packages/server; the walk-up makes
  // that an observation, not an assumption.
  const serverRoot = findUp(here, isServerPackage) ?? resolve(here, '..');
  const repoRoot =
    findUp(serverRoot, (dir) => existsSync(join(dir, 'pnpm-workspace.yaml'))) ?? resolve(serverRoot, '../..');
  return {
    serverRoot,
    repoRoot,
    migrationsDir: join(serverRoot, 'migrations'),
    defaultStaticDir: join(repoRoot, 'dist', 'public'),
  };
}
