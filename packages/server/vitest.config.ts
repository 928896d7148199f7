import { defineConfig } from 'vitest/config';

// The server's unit and HTTP integration tests. Integration suites run on the PostgreSQL server
// at 127.0.0.1:5432 when it answers, some on embedded PGlite too (docs/testing.md). Files run
// two at a time (vitest's default on two cores): each suite builds its own server, database and
// config, so files share nothing but the PostgreSQL server. Each worker keeps one module graph
// for its files (isolate: false): importing the server afresh for every file cost about a
// quarter of the project's time (docs/testing.md).
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
