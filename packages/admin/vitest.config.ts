import { defineConfig } from 'vitest/config';

// Unit tests of the admin app's pure logic (its routes). Its pages are tested in real Chromium
// (*.browser.test.tsx, run by web-test-runner).
export default defineConfig({ test: { name: 'admin', environment: 'node', include: ['src/**/*.test.ts'] } });
