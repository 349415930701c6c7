import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/** The API suite again, against a real PostgreSQL server (TEST_DATABASE_URL). */
if (!process.env.TEST_DATABASE_URL) {
  throw new Error(
    'npm run test:pg demande TEST_DATABASE_URL (ex. postgres://postgres@127.0.0.1:5432/postgres).',
  );
}

export default defineConfig({ ...base, test: { ...base.test, include: ['tests/api/**/*.test.ts'] } });
