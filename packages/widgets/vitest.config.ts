import { defineConfig } from 'vitest/config';

// Unit tests of the widgets' pure logic. The widgets themselves are tested in real Chromium
// (*.browser.test.tsx, run by web-test-runner).
export default defineConfig({
  test: { name: 'widgets', environment: 'node', include: ['src/**/*.test.ts'] },
});
