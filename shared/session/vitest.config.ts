import { defineConfig } from 'vitest/config';

// Node, not jsdom: storages are injected (MemoryStorage) and HTTP goes to a real local server
// through axios's Node adapter.
export default defineConfig({
  test: { name: 'session', environment: 'node', include: ['src/**/*.test.ts'] },
});
