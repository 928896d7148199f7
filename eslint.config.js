import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.cache/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The server's engine (database, HTTP, the resource framework) never imports a module: the
    // modules (packages/server/src/services/*) build on the engine and app.ts composes both
    // (packages/server/README.md, "Engine and modules"). Tests and test support may use both.
    files: ['packages/server/src/{db,http,resources,jobs,bulk}/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/services/**'],
              message:
                'The engine (db, http, resources, jobs, bulk) must not import a module: move what it needs into the engine, or pass it in.',
            },
          ],
        },
      ],
    },
  },
  {
    // `[].every(...)` is true: a test asserting that every row passes proved nothing when the
    // answer was empty. allOf (scripts/testing/all-of.ts) is false for no items.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='every']",
          message:
            'An empty list passes .every(): use allOf(items, predicate) from scripts/testing/all-of.ts, false for no items.',
        },
      ],
    },
  },
  {
    files: ['root-config/src/**', 'packages/shell/src/**', 'shared/*/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
