import type { TestProject } from 'vitest/node';
import { freePort, startPortal, type RunningPortal } from './portal-process.ts';
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

/** Starts one portal on PGlite and, when the server answers, one on PostgreSQL, for every e2e file. */
export default async function setup(project: TestProject) {
  const portals: RunningPortal[] = [];
  const scratch = await createScratchDatabase('hcm_e2e');
  // Another site: another host name and port than the portals' 127.0.0.1, so another origin.
  const embedOrigin = `http://localhost:${await freePort()}`;
  const env = { WIDGET_ORIGINS: embedOrigin };
  try {
    portals.push(await startPortal({ env }));
    if (scratch) portals.push(await startPortal({ databaseUrl: scratch.url, env }));
    else console.warn('e2e: no PostgreSQL server at 127.0.0.1:5432, running on PGlite only');
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
