import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '.next/**',
      'dist/**',
      'node_modules/**',
      '.data*/**',
      'drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
      '.reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', window: 'readonly', document: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Lisez la configuration par src/server/env.ts.',
        },
      ],
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Import boundaries: browser code never pulls server code (and its secrets) into a bundle.
    files: ['src/client/**', 'src/features/*/client/**', 'src/pages/**/*.tsx', 'src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // A module's server/index.ts and the routes registry would pull in its whole server side.
              group: ['@/server/*', '**/server', '**/server/*', '@/features/*/server/*', '@/features/routes'],
              message: 'Le code client ne doit pas importer de code serveur.',
            },
          ],
        },
      ],
    },
  },
  {
    // The places allowed to read process.env: env.ts (server), public-env.ts (browser), the Next config, scripts and tests.
    files: [
      'src/server/env.ts',
      'src/client/public-env.ts',
      'next.config.mjs',
      'scripts/**',
      'tests/**',
      'e2e/**',
      'bench/**',
      'playwright.config.ts',
      'vitest*.ts',
      'server.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
