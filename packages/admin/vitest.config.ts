import { defineConfig } from 'vitest/config';

// Unit tests of the admin app's pure logic (its routes). Its pages are tested in real Chromium
// (*.browser.test.tsx, run by web-test-runner).
// One module graph for all its files (isolate: false), as the server's: importing them afresh
// for every file was two thirds of the front end's unit tests (docs/testing.md, "CI time").
export default defineConfig({
  test: { name: 'admin', environment: 'node', isolate: false, include: ['src/**/*.test.ts'] },
});
