import { defineConfig } from 'vitest/config';

// A pure library (no Node-only API: it runs in the browser's formula editor too): plain Node.
export default defineConfig({
  test: { name: 'formula', environment: 'node', include: ['src/**/*.test.ts'] },
});
