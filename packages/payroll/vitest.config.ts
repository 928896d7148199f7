import { defineConfig } from 'vitest/config';

// Unit tests of the app's pure logic (its routes). Its pages are tested in real Chromium
// (*.browser.test.tsx, run by web-test-runner).
export default defineConfig({
  test: { name: 'payroll', environment: 'node', include: ['src/**/*.test.ts'] },
});
