import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'root-config', environment: 'node', include: ['src/**/*.test.ts'] },
});
