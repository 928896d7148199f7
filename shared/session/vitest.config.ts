import { defineConfig } from 'vitest/config';

// Node, not jsdom: storages are injected (MemoryStorage) and HTTP goes to a real local server
// through axios's Node adapter.
// One module graph for all its files (isolate: false), as the server's: importing them afresh
// for every file was two thirds of the front end's unit tests (docs/testing.md, "CI time").
export default defineConfig({
  test: { name: 'session', environment: 'node', isolate: false, include: ['src/**/*.test.ts'] },
});
