import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'build',
    environment: 'node',
    include: ['**/*.test.mjs', 'testing/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
