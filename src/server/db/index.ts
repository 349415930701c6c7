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

export type { Database, Executor, Transaction } from './client';
