import { defineConfig } from 'vitest/config';

/**
 * One vitest run covers every project: unit tests beside the code (shared/*, packages/*),
 * the server's HTTP integration suite, the build's own tests and the end-to-end suite.
 * Each project keeps its own vitest.config.ts beside its code.
 */
export default defineConfig({
  test: {
    projects: [
      'root-config/vitest.config.ts',
      'shared/*/vitest.config.ts',
      'packages/*/vitest.config.ts',
      'scripts/vitest.config.ts',
      'e2e/vitest.config.ts',
    ],
  },
});
