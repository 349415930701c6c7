import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { runtime } from '../runtime';
import type { Database, Executor, Transaction } from './client';
import { PREPARED, PREPARED_TEXT_MARK, SIMPLE_PROTOCOL_BEGIN } from './prepared-marks';

export { PREPARED, PREPARED_TEXT_MARK };

/** The process's one database, opened by server.ts (or a test) before any request is served. */
export function getDb(): Database {
  if (!runtime.db) throw new Error('La base de données n’est pas ouverte.');
  return runtime.db;
}

export function setDb(db: Database | undefined, close?: () => Promise<void>): void {
  runtime.db = db;
  runtime.closeDb = close;
}

/**
 * Runs a lookup or a write by key as a statement PostgreSQL keeps prepared (see PREPARED); on
 * PGlite, as any other.
 */
export function runPrepared<T>(query: { prepare(name: string): { execute(): Promise<T> } }): Promise<T> {
  return query.prepare(PREPARED).execute();
}

/**
 * A hand-written statement run as runPrepared runs a built one: for what the query builder cannot
 * express (updates that read each other's RETURNING, a union after a data-modifying WITH) or costs
 * too much to build on a hot path. Rows come as PostgreSQL names
 * them (snake_case), with timestamps as text: the caller maps them.
 */
export async function executePrepared<T extends Record<string, unknown>>(
  db: Executor,
  query: SQL,
): Promise<T[]> {
  const result = (await db.execute(sql`${sql.raw(PREPARED_TEXT_MARK)}${query}`)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * For the rest of the caller's transaction, statements kept prepared run on their generic plan
 * instead of being planned again for each call's values. PostgreSQL's default keeps re-planning a
 * statement whose generic plan it estimates dearer than a custom one, as it does for the order
 * pipeline's lookups and writes by key (variants `= any(...)`, rows as JSON): planning was a fifth of
 * PostgreSQL's CPU per order, for the same plans. For transactions whose statements are all by key.
 */
export async function preferGenericPlans(tx: Executor): Promise<void> {
  await executePrepared(tx, sql.raw(GENERIC_PLANS));
}

const GENERIC_PLANS = `select set_config('plan_cache_mode', 'force_generic_plan', true)`;

/**
 * A transaction whose statements are all by key, on their generic plans (preferGenericPlans). On
 * PostgreSQL the setting goes with the `begin`, in the same text: one round trip fewer for each
 * transaction (an order's takes five). Inside a transaction, a savepoint that sets it apart.
 */
export function transactionByKey<T>(db: Executor, work: (tx: Transaction) => Promise<T>): Promise<T> {
  if (SIMPLE_PROTOCOL_BEGIN.has(db))
    // drizzle writes the access mode into its `begin` as given, and a text without values goes in
    // the simple protocol, which runs every statement it holds.
    return (db as Database).transaction(work, {
      accessMode: `read write; ${GENERIC_PLANS}` as 'read write',
    });
  return db.transaction(async (tx) => {
    await preferGenericPlans(tx);
    return work(tx);
  });
}

/**
 * The database's clock, for a time other servers compare with theirs (a product's `updated_at`,
 * which the catalogue's version is the latest of): every server of one database then agrees on
 * what came after what, whatever their own clocks say.
 */
export async function databaseNow(db: Executor): Promise<Date> {
  const [row] = await executePrepared<{ now: string }>(db, sql`select clock_timestamp()::text as now`);
  return new Date(row!.now);
}

/** A raw row of `table` (as executePrepared returns it) as the query builder would return it. */
export function rowOf<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/**
 * `column = any($1)`: unlike `in ($1, $2, …)` one text whatever the number of ids, so one prepared
 * statement serves every call.
 */
export function anyOf(column: AnyPgColumn, ids: string[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::text[])`;
}

export type { Database, Executor, Transaction } from './client';

const builtOnce = new WeakMap<object, Map<string, unknown>>();

/**
 * A statement the query builder writes once per database handle (its values as sql.placeholder)
 * and that then runs with new values: on the hottest paths (every request's session lookup)
 * building the text cost more CPU than running it. A transaction is a handle of its own, so pass
 * the pool (getDb()) for the reuse to pay.
 */
export function builtOnceFor<Q>(db: Executor, key: string, build: () => Q): Q {
  let built = builtOnce.get(db);
  if (!built) builtOnce.set(db, (built = new Map()));
  let query = built.get(key) as Q | undefined;
  if (query === undefined) built.set(key, (query = build()));
  return query;
}
