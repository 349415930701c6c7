import { runtime } from '../runtime';
import type { Database } from './client';

/** The process's one database, opened by server.ts (or a test) before any request is served. */
export function getDb(): Database {
  if (!runtime.db) throw new Error("La base de données n'est pas ouverte.");
  return runtime.db;
}

export function setDb(db: Database | undefined, close?: () => Promise<void>): void {
  runtime.db = db;
  runtime.closeDb = close;
}

/**
 * The statement name that asks PostgreSQL to keep a statement prepared on its connection:
 * `query.prepare(PREPARED).execute()`. Its text is then parsed and planned once per connection
 * instead of at every execution (a third of PostgreSQL's CPU per order). Only for lookups and writes
 * by key, whose plan does not depend on the values: a list filtered on a shop would keep one plan
 * for the largest shop and the smallest. PGlite ignores statement names.
 */
export const PREPARED = 'comptoir:prepared';

/**
 * Runs a lookup or a write by key as a statement PostgreSQL keeps prepared (see PREPARED); on
 * PGlite, as any other.
 */
export function runPrepared<T>(query: { prepare(name: string): { execute(): Promise<T> } }): Promise<T> {
  return query.prepare(PREPARED).execute();
}

export type { Database, Executor, Transaction } from './client';
