import { defineConfig } from 'vitest/config';

// jsdom: the set-up writes <html lang> and the session keeps the language in localStorage.
export default defineConfig({
  test: {
    name: 'i18n',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['**/*.browser.test.*', '**/node_modules/**'],
  },
});
