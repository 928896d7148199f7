import { defineConfig } from 'vitest/config';

// Unit tests of the shell's pure logic (routes, validation). Its components are tested in real
// Chromium instead (*.browser.test.tsx, run by web-test-runner), so these need no DOM.
// One module graph for all its files (isolate: false), as the server's: importing them afresh
// for every file was two thirds of the front end's unit tests (docs/testing.md, "CI time").
export default defineConfig({
  test: { name: 'shell', environment: 'node', isolate: false, include: ['src/**/*.test.ts'] },
});
