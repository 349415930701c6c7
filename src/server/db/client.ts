import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { acquireLock } from './lock';
import { getLogger } from '../logger';
import { PREPARED, PREPARED_TEXT_MARK, SIMPLE_PROTOCOL_BEGIN } from './prepared-marks';
import { listenPglite, listenPostgres, type ChannelHandlers, type StopListening } from './notifications';

// No schema given to drizzle: its relational API (`db.query.<table>`) is not used, and with one every
// transaction built a query builder for each of the ~90 tables (a share of each order's CPU).
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A repository works the same inside and outside a transaction. */
export type Executor = Database | Transaction;

export interface OpenedDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** LISTEN on `channel` (NOTIFY'd by triggers): every server of the database hears each change. */
  listen: (channel: string, handlers: ChannelHandlers) => Promise<StopListening>;
  /** Where the job queue (src/server/jobs) keeps its jobs: this same database. */
  jobStore: JobStore;
  /**
   * Runs `work` while no other server of the database runs work under the same name (start-up's
   * migrations and demo seed, when several servers start at once). PGlite has one process only.
   */
  exclusive: <T>(name: string, work: () => Promise<T>) => Promise<T>;
}

/**
 * The job queue's connection: its own small pool on PostgreSQL; on PGlite, the one embedded
 * connection (statements without values may be several, as the engine's schema changes are).
 */
export type JobStore =
  | { connectionString: string }
  | { db: { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } };

export interface OpenOptions {
  /** postgres://… ; when absent the embedded PGlite is used. */
  url?: string;
  /** Folder for PGlite; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /** A PGlite dump (dumpDataDir) to start from instead of an empty cluster: tests migrate once. */
  pgliteLoadDataDir?: Blob;
}

export function migrationsFolder(): string {
  // The folder sits at the project root both in source (src/server/db) and when bundled (dist/).
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../../drizzle'),
    path.resolve(here, '../drizzle'),
    path.resolve('drizzle'),
  ];
  return candidates.find((c) => fs.existsSync(path.join(c, 'meta/_journal.json'))) ?? path.resolve('drizzle');
}

// Statements asked for as PREPARED (or marked PREPARED_TEXT_MARK) are named after their text (a
// name stands for one text on a connection); past the cap, texts run unnamed so that statements
// built with a varying shape cannot pile up on the server.
const MAX_PREPARED_TEXTS = 500;
const preparedNames = new Map<string, string>();

function namePreparedStatements(client: { query: (...args: never[]) => unknown }): void {
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    const named = config as { name?: string; text?: string } | null;
    if (typeof named?.text !== 'string') return query(config, ...rest);
    if (named.name !== PREPARED && !named.text.startsWith(PREPARED_TEXT_MARK)) return query(config, ...rest);
    let name = preparedNames.get(named.text);
    if (!name && preparedNames.size < MAX_PREPARED_TEXTS) {
      name = `prepared_${preparedNames.size}`;
      preparedNames.set(named.text, name);
    }
    return query({ ...named, name }, ...rest);
  }) as typeof client.query;
}

export async function openDatabase(options: OpenOptions): Promise<OpenedDatabase> {
  if (options.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.url, max: 20 });
    pool.on('connect', namePreparedStatements);
    // An idle connection cut by the server (restart, failover, a dropped test database) must not
    // crash the process: the pool replaces it on the next query.
    pool.on('error', (error) => getLogger().warn({ err: error }, 'idle PostgreSQL connection lost'));
    const db = drizzle(pool);
    SIMPLE_PROTOCOL_BEGIN.add(db);
    const exclusive = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      // A session lock on a connection of its own, held while `work` runs on the pool.
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock(hashtext($1))', [`comptoir:${name}`]);
        try {
          return await work();
        } finally {
          await holder.query('select pg_advisory_unlock(hashtext($1))', [`comptoir:${name}`]);
        }
      } finally {
        holder.release();
      }
    };
    await exclusive('migrate', () => migrate(db, { migrationsFolder: migrationsFolder() }));
    const url = options.url;
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      close: () => pool.end(),
      listen: (channel, handlers) => listenPostgres(url, channel, handlers),
      jobStore: { connectionString: url },
      exclusive,
    };
  }

  const dir = options.pgliteDir ?? 'memory://';
  const releaseLock = dir.startsWith('memory://')
    ? () => {}
    : acquireLock(path.join(dir, '..', 'pglite.lock'));
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const client = await PGlite.create(dir, {
      extensions: { pg_trgm },
      loadDataDir: options.pgliteLoadDataDir,
    });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsFolder() });
    // PGlite has no autovacuum, so no planner statistics unless asked: without them the product
    // list sorts a whole shop instead of reading its index. Refreshed at each start-up.
    await client.exec('ANALYZE');
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      listen: (channel, handlers) => listenPglite(client, channel, handlers),
      exclusive: (_name, work) => work(),
      jobStore: {
        db: {
          async executeSql(text, values) {
            if (values?.length) return { rows: (await client.query(text, values)).rows };
            const results = await client.exec(text);
            return { rows: results.at(-1)?.rows ?? [] };
          },
        },
      },
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
