import { defineConfig } from 'vitest/config';

// Unit tests of the organisation app's pure logic (the chart's layout, windowing and search
// paths). Its screens are tested in real Chromium (*.browser.test.tsx, run by web-test-runner).
// One module graph for all its files (isolate: false), as the server's: importing them afresh
// for every file was two thirds of the front end's unit tests (docs/testing.md, "CI time").
export default defineConfig({
  test: { name: 'organization', environment: 'node', isolate: false, include: ['src/**/*.test.ts'] },
});
