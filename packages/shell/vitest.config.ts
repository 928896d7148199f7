import { defineConfig } from 'vitest/config';

// Unit tests of the shell's pure logic (routes, validation). Its components are tested in real
// Chromium instead (*.browser.test.tsx, run by web-test-runner), so these need no DOM.
export default defineConfig({ test: { name: 'shell', environment: 'node', include: ['src/**/*.test.ts'] } });
