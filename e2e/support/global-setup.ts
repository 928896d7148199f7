import type { TestProject } from 'vitest/node';
import { freePort, startPortal, type RunningPortal } from './portal-process.ts';
import { everyEngine } from './every-engine.ts';
import { createScratchDatabase } from './postgres.ts';

export interface PortalTarget {
  engine: 'pglite' | 'postgresql';
  baseUrl: string;
  /** PostgreSQL only: the portal's database, for tests that add their own rows (tenant-users.ts) */
  databaseUrl?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    portals: PortalTarget[];
    /** where the embedding intranet page is served (support/embed-host.ts), a WIDGET_ORIGINS origin of both portals */
    embedOrigin: string;
  }
}

/**
 * The sign-in and refresh limits of a real portal (10 sign-ins a minute per user name) would
 * refuse the e2e files, which all sign the same accounts in to these two shared portals, one
 * file after another: the sign-in file alone signs the HR administrator in eight times in about
 * half a minute, so a fast file before it would push it over. The limiters stay on (they are still in the path of every sign-in), only their ceilings are raised;
 * the limits themselves are proved by the server's suite (http/security.test.ts).
 */
export const E2E_RATE_LIMITS = {
  RATE_LIMIT_SIGN_IN_PER_IP: '100000',
  RATE_LIMIT_SIGN_IN_PER_USERNAME: '100000',
  RATE_LIMIT_REFRESH_PER_IP: '100000',
} as const;

/**
 * Starts the shared portal of the e2e files: on PostgreSQL when the server answers, on PGlite
 * otherwise; HCM_TEST_ENGINES=both starts both (support/engines.ts).
 */
export default async function setup(project: TestProject) {
  const portals: RunningPortal[] = [];
  const scratch = await createScratchDatabase('hcm_e2e');
  // Another site: another host name and port than the portals' 127.0.0.1, so another origin.
  const embedOrigin = `http://localhost:${await freePort()}`;
  const env = { WIDGET_ORIGINS: embedOrigin, ...E2E_RATE_LIMITS };
  try {
    if (!scratch || everyEngine()) portals.push(await startPortal({ env }));
    if (scratch) portals.push(await startPortal({ databaseUrl: scratch.url, env }));
    else console.warn('e2e: no PostgreSQL server at 127.0.0.1:5432, running on PGlite');
  } catch (error) {
    await Promise.all(portals.map((p) => p.stop()));
    await scratch?.drop();
    throw error;
  }
  project.provide('embedOrigin', embedOrigin);
  project.provide(
    'portals',
    portals.map((p) => ({ engine: p.engine, baseUrl: p.baseUrl, databaseUrl: p.databaseUrl })),
  );
  return async () => {
    await Promise.all(portals.map((p) => p.stop()));
    await scratch?.drop();
  };
}
