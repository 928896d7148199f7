import { defineConfig } from 'vitest/config';

// The server's unit and HTTP integration tests. Integration suites run once on PGlite and once
// on the PostgreSQL server at 127.0.0.1:5432 when it answers; files run one after another so
// the two engines do not compete for the machine's two cores. Files share one module graph
// (isolate: false): each suite builds its own server, database and config, and importing the
// server afresh for every file cost about a quarter of the project's time (docs/testing.md).
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    fileParallelism: false,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
