import { defineConfig } from 'vitest/config';

// Pure functions and declarations: plain Node.
export default defineConfig({
  test: { name: 'contracts', environment: 'node', include: ['src/**/*.test.ts'] },
});
