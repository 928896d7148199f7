import { defineConfig } from 'vitest/config';

// End-to-end: real Chromium (Debian's /usr/bin/chromium through playwright-core) against the
// portal started from the built output, once on embedded PGlite and once on the PostgreSQL
// server when one answers at 127.0.0.1:5432.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    // A story beside web-test-runner takes about 1.5 times as long as alone (docs/testing.md, "CI
    // time"): the two-approver story took 44 s alone and ran past 60 s in CI beside it.
    testTimeout: 180_000,
    hookTimeout: 240_000,
    // expect.poll waits for a state; vitest's default bound (1 s) is a duration a loaded machine
    // misses: the chart's list view once took longer than that to push its URL in a CI run.
    // A poll that names its own timeout keeps it.
    expect: { poll: { timeout: 15_000 } },
  },
});
