import { openDB, type DBSchema, type IDBPDatabase, type IDBPObjectStore, type StoreNames } from 'idb';
import { newTicketSeries } from '@/shared/local-reference';
import type { LocalSale, OutboxEntry, ParkedCart, StoredClient, StoredProduct } from './types';

/**
 * The till's copy of everything it needs without network, one database per browser profile.
 * Every record carries its shop, so a tablet shared by two shops never mixes them.
 */
export interface PosDbSchema extends DBSchema {
  /** Small records by key: identity, contexts, cursors, tills, sessions, settings. */
  meta: { key: string; value: unknown };
  products: { key: string; value: StoredProduct; indexes: { shopId: string } };
  clients: { key: string; value: StoredClient; indexes: { shopId: string } };
  outbox: { key: number; value: OutboxEntry; indexes: { shopId: string; status: string } };
  sales: { key: string; value: LocalSale; indexes: { shopAt: [string, string] } };
  parked: { key: string; value: ParkedCart; indexes: { shopTill: [string, string] } };
}

export type PosDb = IDBPDatabase<PosDbSchema>;
/** A store inside a read-write transaction over several stores. */
export type WritableStore<N extends StoreNames<PosDbSchema>> = IDBPObjectStore<
  PosDbSchema,
  ArrayLike<StoreNames<PosDbSchema>>,
  N,
  'readwrite'
>;

export const POS_DB_NAME = 'comptoir-pos';
const POS_DB_VERSION = 1;

let opening: Promise<PosDb> | null = null;

/** Opened once per page; every caller shares the connection. */
export function openPosDb(): Promise<PosDb> {
  opening ??= openDB<PosDbSchema>(POS_DB_NAME, POS_DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('meta');
      db.createObjectStore('products', { keyPath: 'key' }).createIndex('shopId', 'shopId');
      db.createObjectStore('clients', { keyPath: 'key' }).createIndex('shopId', 'shopId');
      const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      outbox.createIndex('shopId', 'shopId');
      outbox.createIndex('status', 'status');
      db.createObjectStore('sales', { keyPath: 'opId' }).createIndex('shopAt', ['shopId', 'at']);
      db.createObjectStore('parked', { keyPath: 'id' }).createIndex('shopTill', ['shopId', 'tillId']);
    },
    // Another tab opened a newer version: let it upgrade, this page reopens on next use.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  });
  return opening;
}

/** Tests start each case on a fresh database. */
export function forgetPosDbConnection(): void {
  opening = null;
}

export async function readMeta<T>(key: string): Promise<T | undefined> {
  const db = await openPosDb();
  return (await db.get('meta', key)) as T | undefined;
}

export async function writeMeta(key: string, value: unknown): Promise<void> {
  const db = await openPosDb();
  await db.put('meta', value, key);
}

/**
 * This tablet's ticket series for a till (« KQFT »), drawn on its first sale there and kept: read
 * and written in one transaction, so two sales at once never draw two series.
 */
export async function ticketSeries(shopId: string, tillId: string): Promise<string> {
  const db = await openPosDb();
  const tx = db.transaction('meta', 'readwrite');
  const key = metaKey.ticketSeries(shopId, tillId);
  const kept = (await tx.store.get(key)) as string | undefined;
  const series = kept ?? newTicketSeries((n) => crypto.getRandomValues(new Uint8Array(n)));
  if (!kept) await tx.store.put(series, key);
  await tx.done;
  return series;
}

/** Meta keys, named in one place. */
export const metaKey = {
  identity: () => 'identity',
  lastShop: () => 'lastShopId',
  context: (userId: string, shopId: string) => `context:${userId}:${shopId}`,
  catalogueCursor: (shopId: string) => `catalogueCursor:${shopId}`,
  categories: (shopId: string) => `categories:${shopId}`,
  /** The shop's discounts for the till (offline/pricing.ts). */
  pricing: (shopId: string) => `pricing:${shopId}`,
  // « v2 »: copies made before the clients' accounts were in them are read again from the start.
  clientsCursor: (shopId: string) => `clientsCursor:v2:${shopId}`,
  approvers: (shopId: string) => `approvers:${shopId}`,
  tills: (shopId: string) => `tills:${shopId}`,
  chosenTill: (shopId: string) => `chosenTill:${shopId}`,
  session: (shopId: string, tillId: string) => `session:${shopId}:${tillId}`,
  ticketSeq: (shopId: string, tillId: string) => `ticketSeq:${shopId}:${tillId}`,
  ticketSeries: (shopId: string, tillId: string) => `ticketSeries:${shopId}:${tillId}`,
  cart: (shopId: string, tillId: string) => `cart:${shopId}:${tillId}`,
  paperWidth: () => 'paperWidth',
};
