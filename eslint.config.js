import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { moduleBoundaries } from './eslint.boundaries.js';

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
      'tests/fixtures/lint-cycle/**',
      // Written by `panda codegen`.
      'styled-system/**',
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
      // French texts carry no-break spaces before « : ; ? ! » on purpose (tests/unit/french-typography);
      // stray ones in code itself are still refused.
      'no-irregular-whitespace': [
        'error',
        {
          skipStrings: true,
          skipTemplates: true,
          skipJSXText: true,
          skipComments: false,
          skipRegExps: false,
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Lisez la configuration par src/server/env.ts.',
        },
        {
          selector: "ImportDeclaration[source.value='next/link']",
          message:
            'Liez les pages par PageLink (src/client/components/PageLink.tsx) : sans préchargement à la vue.',
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
    // No import cycles anywhere in the app: a cycle makes load order decide what is defined.
    // The fixture is a deliberate cycle, linted only by tests/unit/lint-boundaries.test.ts.
    files: ['src/**/*.{ts,tsx}', 'server.ts', 'tests/fixtures/lint-cycle/**'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    // A cycle through import() only (the till's lazily loaded dialogs) runs nothing at load time.
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  // Which module may import which part of the schema, and browser code never server code.
  ...moduleBoundaries(),
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
