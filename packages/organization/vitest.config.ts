import { defineConfig } from 'vitest/config';

// Unit tests of the organisation app's pure logic (the chart's layout, windowing and search
// paths). Its screens are tested in real Chromium (*.browser.test.tsx, run by web-test-runner).
export default defineConfig({
  test: { name: 'organization', environment: 'node', include: ['src/**/*.test.ts'] },
});
