import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '@/server/db/client';
import { setDb, type Database } from '@/server/db';

export interface TestDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * database on the PostgreSQL server named by TEST_DATABASE_URL (npm run test:pg).
 */
export async function startTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const opened = await openDatabase({ pgliteDir: 'memory://' });
    setDb(opened.db, opened.close);
    return { db: opened.db, kind: 'pglite', close: opened.close };
  }
  const name = `comptoir_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ url: url.toString() });
  setDb(opened.db, opened.close);
  return {
    db: opened.db,
    kind: 'postgres',
    close: async () => {
      await opened.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
