import { inject } from 'vitest';
import { everyEngine } from './every-engine.ts';
import type { PortalTarget } from './global-setup.ts';

export type E2eEngine = PortalTarget['engine'];

/**
 * The shared portals the e2e stories run on (docs/testing.md, "Which e2e files run on which
 * engine"): the PostgreSQL-backed portal, production's engine, for every story; the embedded
 * default has its own first-start story (first-day.e2e.test.ts starts a portal on a fresh
 * PGlite). A story goes through the same routes and SQL on either engine, and the server's
 * suites prove those routes on both where the engines differ; a second shared portal doubled
 * the stage and its single-threaded engine made stories depend on the machine's load.
 *
 * With no PostgreSQL server answering, the stories run on a PGlite portal instead, and
 * HCM_TEST_ENGINES=both runs every story on both (global-setup.ts then starts both portals).
 */
export function portalsFor(): PortalTarget[] {
  return inject('portals');
}

export { everyEngine };

/**
 * For files that start portals of their own: the engine they need among those available, or
 * every one under HCM_TEST_ENGINES=both; PGlite when the one they need is not available.
 */
export function pickEngines<T extends { engine: E2eEngine }>(
  available: readonly T[],
  coverage: E2eEngine,
): T[] {
  if (everyEngine()) return [...available];
  const chosen = available.filter((target) => target.engine === coverage);
  return chosen.length > 0 ? chosen : available.filter((target) => target.engine === 'pglite');
}
