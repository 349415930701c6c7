import { defineConfig } from 'drizzle-kit';

// Only used by `npm run db:generate`; the app migrates itself at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './drizzle',
});
