// One lint configuration for the whole workspace (run: npm run lint; fix: npm run format).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/.next/**', '**/dist/**', 'apps/api/drizzle/**', '**/next-env.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Api modules talk to each other only through their public surface, modules/<name>/index.ts
    // (docs/ARCHITECTURE.md). Imports inside a module (./x.ts) and of src/ (../../x.ts) stay allowed.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.?/)[^/]+/(?!index\\.ts$).+$',
              message: 'Import another module through its index.ts (docs/ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
);
