import { defineConfig } from 'vitest/config';

/**
 * One vitest run covers every project: unit tests beside the code (shared/*, packages/*),
 * the server's HTTP integration suite, the build's own tests and the end-to-end suite.
 * Each project keeps its own vitest.config.ts beside its code.
 *
 * `npm test` runs them as three vitest runs (scripts/portal.mjs, docs/testing.md "CI time"),
 * chosen by HCM_VITEST_STREAM: `side` is the end-to-end suite (beside web-test-runner), `tail` the
 * front end's units and the build's tests (beside the rest of the end-to-end suite once
 * web-test-runner ends), `server` the server's suites (after the end-to-end suite). `main` is
 * `tail` and `server` together. Unset, all of them.
 */
const SIDE = ['e2e/vitest.config.ts'];
const MAIN = [
  'root-config/vitest.config.ts',
  'shared/*/vitest.config.ts',
  'packages/*/vitest.config.ts',
  'scripts/vitest.config.ts',
];
/** The server's suites: most of MAIN's time (npm test runs them after the end-to-end suite). */
const SERVER = ['packages/server/vitest.config.ts'];
/** MAIN less the server: the front end's units and the build's own tests (beside the e2e suite). */
const TAIL = [
  'root-config/vitest.config.ts',
  'shared/*/vitest.config.ts',
  // every package but the server: a package made by `pnpm new:module` joins by itself
  'packages/*/vitest.config.ts',
  '!packages/server/vitest.config.ts',
  'scripts/vitest.config.ts',
];
const STREAMS: Record<string, string[]> = { main: MAIN, side: SIDE, server: SERVER, tail: TAIL };

export default defineConfig({
  test: {
    projects: STREAMS[process.env.HCM_VITEST_STREAM ?? ''] ?? [...MAIN, ...SIDE],
  },
});
