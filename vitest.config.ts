import { defineConfig } from 'vitest/config';

/**
 * One vitest run covers every project: unit tests beside the code (shared/*, packages/*),
 * the server's HTTP integration suite, the build's own tests and the end-to-end suite.
 * Each project keeps its own vitest.config.ts beside its code.
 *
 * `npm test` runs them as two vitest runs (scripts/portal.mjs, docs/testing.md "CI time"), chosen
 * by HCM_VITEST_STREAM: `side` is the end-to-end suite (beside web-test-runner), `main` the unit,
 * server and build projects (after it). Unset, all of them.
 */
const SIDE = ['e2e/vitest.config.ts'];
const MAIN = [
  'root-config/vitest.config.ts',
  'shared/*/vitest.config.ts',
  'packages/*/vitest.config.ts',
  'scripts/vitest.config.ts',
];
const STREAMS: Record<string, string[]> = { main: MAIN, side: SIDE };

export default defineConfig({
  test: {
    projects: STREAMS[process.env.HCM_VITEST_STREAM ?? ''] ?? [...MAIN, ...SIDE],
  },
});
