import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/server/db/client';
import { isAlive } from '@/server/db/lock';
import { startJobs } from '@/server/jobs';
import { JOBS } from '@/features/jobs';

/** The job queue's schema and queues, installed once in the template (each file then just starts). */
async function installJobs(opened: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  await (
    await startJobs(opened, JOBS, { work: false, schedules: false })
  )();
}

/** The migrated database each test file copies its own from (startTestDatabase). */
export type DatabaseTemplate =
  { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; serverUrl: string; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

export async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// A run stopped before its teardown (Ctrl-C skips it) leaves its dump (tens of MB) behind.
function removeDumpsOfDeadRuns(): void {
  for (const entry of fs.readdirSync(os.tmpdir())) {
    const pid = Number(/^comptoir-test-db-(\d+)$/.exec(entry)?.[1]);
    if (pid && !isAlive(pid)) fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
  }
}

/**
 * vitest globalSetup: initdb and the migrations cost seconds, so they run once per run and each
 * test file copies the result — PGlite loads a data-folder dump, PostgreSQL copies a template.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `comptoir_template_${randomBytes(6).toString('hex')}`;
    const drop = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    await adminQuery(serverUrl, `create database ${name}`);
    try {
      // Closed at once: PostgreSQL copies a template only while nobody is connected to it.
      const opened = await openDatabase({ url: databaseUrl(serverUrl, name) });
      await installJobs(opened).finally(() => opened.close());
    } catch (error) {
      await drop();
      throw error;
    }
    project.provide('databaseTemplate', { kind: 'postgres', serverUrl, name });
    return drop;
  }
  removeDumpsOfDeadRuns();
  const folder = path.join(os.tmpdir(), `comptoir-test-db-${process.pid}`);
  fs.mkdirSync(folder, { recursive: true });
  const dumpPath = path.join(folder, 'migrated.tar');
  const opened = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await installJobs(opened);
    // Uncompressed: gzip makes it 8 times smaller but every file's load 0.2 s slower.
    const dump = await (opened.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await opened.close();
  }
  project.provide('databaseTemplate', { kind: 'pglite', dumpPath });
  return async () => fs.rmSync(folder, { recursive: true, force: true });
}
