import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type JobStore } from '@/server/db/client';
import { setDb, type Database } from '@/server/db';
import { watchCallerChanges } from '@/server/tenancy/caller-cache';
import { startJobs } from '@/server/jobs';
import { runtime } from '@/server/runtime';
import { JOBS } from '@/features/jobs';
import { adminQuery, databaseUrl } from './database-template';

export interface TestDatabase {
  db: Database;
  /** Where the job queue keeps its jobs (a test may start a queue of its own there). */
  jobStore: JobStore;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

/** A test that played a restart left another queue working: stopped before its database closes. */
async function stopReplacedQueue(): Promise<void> {
  const replaced = runtime.jobs;
  runtime.jobs = undefined;
  await replaced?.stop(2_000).catch(() => {});
}

/**
 * A database of its own for one test file, copied from the one migrated for the whole run
 * (database-template.ts): in-memory PGlite by default, or a throwaway database on the PostgreSQL
 * server named by TEST_DATABASE_URL (npm run test:pg).
 */
export async function startTestDatabase(): Promise<TestDatabase> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    const dump = await fs.openAsBlob(template.dumpPath);
    const opened = await openDatabase({ pgliteDir: 'memory://', pgliteLoadDataDir: dump });
    // As the server does: every API test runs with callers kept in memory, so each proves that
    // what it changes (a role, a sign-out, a blocked shop) is heard at once.
    const stopWatching = await watchCallerChanges(opened);
    // As the server does: jobs queued by a request (an SMS, a push) run in this process.
    const stopJobs = await startJobs(opened, JOBS, { schedules: false });
    const close = async () => {
      await stopJobs(5_000);
      await stopReplacedQueue();
      await stopWatching();
      await opened.close();
    };
    setDb(opened.db, close);
    return { db: opened.db, jobStore: opened.jobStore, kind: 'pglite', close };
  }
  const { serverUrl } = template;
  const name = `comptoir_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name} template ${template.name}`);
  const opened = await openDatabase({ url: databaseUrl(serverUrl, name) });
  const stopWatching = await watchCallerChanges(opened);
  const stopJobs = await startJobs(opened, JOBS, { schedules: false });
  setDb(opened.db, opened.close);
  return {
    db: opened.db,
    jobStore: opened.jobStore,
    kind: 'postgres',
    close: async () => {
      await stopJobs(5_000);
      await stopReplacedQueue();
      await stopWatching();
      await opened.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
