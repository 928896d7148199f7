import { inject } from 'vitest';
import type { PortalTarget } from './global-setup.ts';

export type E2eEngine = PortalTarget['engine'];

/**
 * The shared portals a file's stories run on (docs/testing.md, "Which e2e files run on which
 * engine"). A browser story goes through the same server routes and SQL on either engine, and
 * the server's suites already prove the routes on both, so most files take one: PGlite for what
 * a newcomer's first `npm start` meets, PostgreSQL for what production runs. Running every file
 * on both doubled the e2e stage (25 minutes) for little that the other half did not show.
 *
 * With no PostgreSQL server answering, a PostgreSQL file runs on PGlite instead, and
 * HCM_TEST_ENGINES=both runs every file on every portal (as the server's suites do).
 */
export function portalsFor(coverage: E2eEngine | 'both'): PortalTarget[] {
  return pickEngines(inject('portals'), coverage);
}

/** HCM_TEST_ENGINES=both: every e2e file on every engine, as before a change to the database layer. */
export function everyEngine(): boolean {
  return process.env.HCM_TEST_ENGINES === 'both';
}

/** The same choice among any list of engines (files that start portals of their own). */
export function pickEngines<T extends { engine: E2eEngine }>(
  available: readonly T[],
  coverage: E2eEngine | 'both',
): T[] {
  if (coverage === 'both' || everyEngine()) return [...available];
  const chosen = available.filter((target) => target.engine === coverage);
  return chosen.length > 0 ? chosen : available.filter((target) => target.engine === 'pglite');
}
