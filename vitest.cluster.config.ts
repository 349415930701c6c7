import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * « Beyond one machine » (npm run test:cluster, run by .ci/run): the built server started several
 * times on one PostgreSQL (CLUSTER_PG_URL, default the local server) and the local Redis
 * (CLUSTER_REDIS_URL), as a platform runs it. Run `npm run build` first.
 */
export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 1,
    reporters: process.env.CI_REPORT_DIR ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI_REPORT_DIR ? { json: `${process.env.CI_REPORT_DIR}/cluster.json` } : undefined,
  },
});
