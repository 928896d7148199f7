import { defineConfig } from 'vitest/config';

// A pure library (no Node-only API: it runs in the browser's formula editor too): plain Node.
// One module graph for all its files (isolate: false), as the server's: importing them afresh
// for every file was two thirds of the front end's unit tests (docs/testing.md, "CI time").
export default defineConfig({
  test: { name: 'formula', environment: 'node', isolate: false, include: ['src/**/*.test.ts'] },
});
