import fs from 'node:fs';

/**
 * Module boundaries as ESLint rules, so they cannot erode silently:
 * - a module's tables are its own: code under src/features/<module> imports only its own part of
 *   the schema (`@/server/db/schema/<module>`), never another's nor the whole index; another
 *   module's data is reached through that module's exported functions;
 * - browser code never imports server code (and its secrets) into a bundle;
 * - the platform (`src/server`) never imports a module: modules build on it, not the reverse (who
 *   the caller is and which shop they act in is its own `tenancy/`).
 * Built per module from the folders, so a new module is covered without touching this file.
 */

const CLIENT_FILES = ['src/client/**', 'src/features/*/client/**', 'src/pages/**/*.tsx', 'src/shared/**'];
const serverFromClient = {
  // A module's server/index.ts and the routes registry would pull in its whole server side.
  group: ['@/server/*', '**/server', '**/server/*', '@/features/*/server/*', '@/features/routes'],
  message: 'Le code client ne doit pas importer de code serveur.',
};

/**
 * A page may import its own server-side props (`server/<name>-page.ts`): Next keeps
 * getServerSideProps, and what only it uses, out of the browser's bundle.
 */
const serverFromPage = {
  regex: '^(?!@/features/[^/]+/server/[^/]+-page$)(@/server/|@/features/routes$|(.*/)?server(/|$))',
  message: serverFromClient.message,
};

const featuresFromPlatform = {
  group: ['@/features/*', '**/features/*'],
  message:
    'src/server ne dépend d’aucun module : déplacez ce code dans le module, ou passez-le en paramètre.',
};

function foreignSchema(part, tolerated = []) {
  return {
    // The whole index, or any part but the module's own.
    regex: `^@/server/db/schema(/(?!(${[part, ...tolerated].join('|')})$).*)?$`,
    message: `Un module n'importe que sa propre partie du schéma (@/server/db/schema/${part}) : passez par les fonctions exportées du module propriétaire.`,
  };
}

export function moduleBoundaries(featuresDir = new URL('./src/features/', import.meta.url)) {
  const modules = fs
    .readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    {
      files: ['src/server/**'],
      rules: { 'no-restricted-imports': ['error', { patterns: [featuresFromPlatform] }] },
    },
    {
      files: CLIENT_FILES,
      rules: { 'no-restricted-imports': ['error', { patterns: [serverFromClient] }] },
    },
    {
      files: ['src/pages/**/*.tsx'],
      rules: { 'no-restricted-imports': ['error', { patterns: [serverFromPage] }] },
    },
    // Rules do not merge across config objects: a module's client files repeat the client rule.
    ...modules.map((module) => ({
      files: [`src/features/${module}/**`],
      rules: {
        'no-restricted-imports': ['error', { patterns: [foreignSchema(module)] }],
      },
    })),
    ...modules.map((module) => ({
      files: [`src/features/${module}/client/**`],
      rules: {
        'no-restricted-imports': ['error', { patterns: [serverFromClient, foreignSchema(module)] }],
      },
    })),
  ];
}
