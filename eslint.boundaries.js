import fs from 'node:fs';

/**
 * Module boundaries as ESLint rules, so they cannot erode silently:
 * - a module's tables are its own: code under src/features/<module> imports only its own part of
 *   the schema (`@/server/db/schema/<module>`), never another's nor the whole index; another
 *   module's data is reached through that module's exported functions;
 * - browser code never imports server code (and its secrets) into a bundle.
 * Built per module from the folders, so a new module is covered without touching this file.
 */

/** A module folder whose schema part has another name (the customers are `client` until renamed). */
const SCHEMA_PART_OF = { client: 'customer' };

/**
 * Crossings found when the rule came in, each still to move behind the owner's functions (see the
 * issue « One way to sell »). This list may only shrink: a file not in it cannot start crossing.
 */
const CROSSINGS_TO_REMOVE = {
  'src/features/agent/server/agent.repository.ts': ['shop', 'user'],
  'src/features/agent/server/update-my-profile.ts': ['user'],
  'src/features/console/server/console.repository.ts': ['agent', 'shop', 'user'],
  'src/features/home/server/home-summary.ts': ['order', 'product'],
  'src/features/pos/server/catalogue.ts': ['customer', 'product'],
  'src/features/pos/server/conflicts.ts': ['order'],
  'src/features/pos/server/pins.ts': ['agent'],
  'src/features/pos/server/receipt-sms.ts': ['platform'],
  'src/features/pos/server/z-report.ts': ['order'],
  'src/features/product/server/product.repository.ts': ['shop'],
  'src/features/shop/server/shop.repository.ts': ['agent', 'platform'],
};

const CLIENT_FILES = ['src/client/**', 'src/features/*/client/**', 'src/pages/**/*.tsx', 'src/shared/**'];
const serverFromClient = {
  // A module's server/index.ts and the routes registry would pull in its whole server side.
  group: ['@/server/*', '**/server', '**/server/*', '@/features/*/server/*', '@/features/routes'],
  message: 'Le code client ne doit pas importer de code serveur.',
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
      files: CLIENT_FILES,
      rules: { 'no-restricted-imports': ['error', { patterns: [serverFromClient] }] },
    },
    // Rules do not merge across config objects: a module's client files repeat the client rule.
    ...modules.map((module) => ({
      files: [`src/features/${module}/**`],
      rules: {
        'no-restricted-imports': ['error', { patterns: [foreignSchema(SCHEMA_PART_OF[module] ?? module)] }],
      },
    })),
    ...modules.map((module) => ({
      files: [`src/features/${module}/client/**`],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [serverFromClient, foreignSchema(SCHEMA_PART_OF[module] ?? module)] },
        ],
      },
    })),
    ...Object.entries(CROSSINGS_TO_REMOVE).map(([file, parts]) => {
      const module = file.split('/')[2];
      return {
        files: [file],
        rules: {
          'no-restricted-imports': [
            'error',
            { patterns: [foreignSchema(SCHEMA_PART_OF[module] ?? module, parts)] },
          ],
        },
      };
    }),
  ];
}
