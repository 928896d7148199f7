import { defineConfig } from 'vitest/config';

// One module graph for all its files (isolate: false), as the server's: importing them afresh
// for every file was two thirds of the front end's unit tests (docs/testing.md, "CI time").
export default defineConfig({
  test: {
    name: 'ui',
    environment: 'jsdom',
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['**/*.browser.test.*', '**/node_modules/**'],
  },
});
