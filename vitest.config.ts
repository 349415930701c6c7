import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      // Chakra's theme files one by one (see src/client/theme.ts), as next.config.mjs resolves them.
      '@chakra-theme': path.resolve(import.meta.dirname, 'node_modules/@chakra-ui/react/dist/esm/theme'),
    },
  },
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // Several built servers on PostgreSQL and Redis: npm run test:cluster, after a build.
    exclude: ['**/node_modules/**', 'tests/cluster/**'],
    environment: 'node',
    globalSetup: ['tests/helpers/database-template.ts'],
    setupFiles: ['tests/helpers/setup-env.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files of a fork share its loaded modules instead of importing the whole server again each:
    // measured here, the suite drops from 3 min to 1.4 min (import time was two thirds of it).
    // Each file still gets its own database, and no test may rely on module state another set.
    isolate: false,
    // vitest's default leaves a core idle (one fork on 2 cores); measured on 2 cores, a fork per
    // core runs the suite about 20 % faster, and a third fork gains nothing more on PGlite.
    maxWorkers: '100%',
    reporters: process.env.CI_REPORT_DIR ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI_REPORT_DIR
      ? { json: `${process.env.CI_REPORT_DIR}/${process.env.TEST_DATABASE_URL ? 'api-pg' : 'unit'}.json` }
      : undefined,
  },
});
