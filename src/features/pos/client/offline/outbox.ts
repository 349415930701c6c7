import type { OpResult } from '../../pos.schemas';
import { SYNC_BATCH_SIZE } from '../pos-constants';
import { metaKey, openPosDb, type WritableStore } from './db';
import type { LocalSale, LocalSession, OutboxEntry, StoredClient } from './types';

import type { StockDelta } from './types';

export type { StockDelta };

export interface OpCommit {
  entry: Omit<OutboxEntry, 'seq' | 'status' | 'error' | 'attempts' | 'createdAt'>;
  sale?: LocalSale;
  session?: LocalSession;
  client?: StoredClient;
  ticketSeq?: { shopId: string; tillId: string; value: number };
}

/**
 * Writes an op and everything it changes on the tablet in one IndexedDB transaction: the sale
 * and its op are never one without the other, whatever happens to the page next.
 */
export async function commitOp(commit: OpCommit): Promise<void> {
  const db = await openPosDb();
  const tx = db.transaction(['outbox', 'sales', 'meta', 'clients', 'products'], 'readwrite');
  const { shopId } = commit.entry;
  const writes: Promise<unknown>[] = [
    tx.objectStore('outbox').add({
      ...commit.entry,
      status: 'pending',
      error: null,
      attempts: 0,
      createdAt: new Date().toISOString(),
    }),
  ];
  if (commit.sale) writes.push(tx.objectStore('sales').put(commit.sale));
  if (commit.session)
    writes.push(tx.objectStore('meta').put(commit.session, metaKey.session(shopId, commit.session.tillId)));
  if (commit.client) writes.push(tx.objectStore('clients').put(commit.client));
  if (commit.ticketSeq)
    writes.push(
      tx.objectStore('meta').put(commit.ticketSeq.value, metaKey.ticketSeq(shopId, commit.ticketSeq.tillId)),
    );
  for (const change of commit.entry.stock)
    writes.push(adjustStoredStock(tx.objectStore('products'), shopId, change));
  await Promise.all([...writes, tx.done]);
}

async function adjustStoredStock(store: WritableStore<'products'>, shopId: string, change: StockDelta) {
  const product = await store.get(`${shopId}:${change.productId}`);
  const variant = product?.variants.find((v) => v.id === change.variantId);
  if (!product || !variant) return;
  variant.stock += change.delta;
  await store.put(product);
}

export async function listOutbox(shopId: string): Promise<OutboxEntry[]> {
  const db = await openPosDb();
  return db.getAllFromIndex('outbox', 'shopId', shopId);
}

/**
 * The next ops to send: the oldest pending ones of this user, all of one till (a request names
 * one till), at most 100, in the order they were written.
 */
export async function nextBatch(
  shopId: string,
  userId: string,
  size = SYNC_BATCH_SIZE,
): Promise<OutboxEntry[]> {
  const db = await openPosDb();
  const batch: OutboxEntry[] = [];
  let cursor = await db.transaction('outbox').store.openCursor();
  while (cursor && batch.length < size) {
    const entry = cursor.value;
    if (entry.shopId === shopId && entry.userId === userId && entry.status === 'pending') {
      if (batch.length > 0 && entry.tillId !== batch[0]!.tillId) break;
      batch.push(entry);
    }
    cursor = await cursor.continue();
  }
  return batch;
}

/** What sending a batch changed, for the screens and the in-memory catalogue. */
export interface AppliedOutcome {
  applied: number;
  rejected: OutboxEntry[];
  stock: StockDelta[];
  hasSaleApplied: boolean;
}

function reverse(changes: StockDelta[]): StockDelta[] {
  return changes.map((c) => ({ ...c, delta: -c.delta }));
}

/**
 * Records the server's answers: applied (or duplicate: applied before) ops leave the outbox and
 * number their sale; rejected ones stay in view with the server's French sentence, never resent,
 * and give back the stock their sale had taken on the tablet. Ops without an answer stay pending.
 */
export async function recordResults(entries: OutboxEntry[], results: OpResult[]): Promise<AppliedOutcome> {
  const db = await openPosDb();
  const tx = db.transaction(['outbox', 'sales', 'clients', 'products'], 'readwrite');
  const outcome: AppliedOutcome = { applied: 0, rejected: [], stock: [], hasSaleApplied: false };
  const byId = new Map(results.map((r) => [r.id, r]));
  for (const entry of entries) {
    const result = byId.get(entry.op.id);
    if (!result || entry.seq === undefined) continue;
    const { op } = entry;
    if (result.status === 'rejected') {
      const error = result.error?.message ?? 'Refusé par le serveur.';
      const rejected: OutboxEntry = { ...entry, status: 'rejected', error, attempts: entry.attempts + 1 };
      await tx.objectStore('outbox').put(rejected);
      outcome.rejected.push(rejected);
      const given = reverse(entry.stock);
      for (const change of given) await adjustStoredStock(tx.objectStore('products'), entry.shopId, change);
      outcome.stock.push(...given);
      if (op.type === 'sale') await updateSale(tx.objectStore('sales'), op.id, { status: 'rejected', error });
      continue;
    }
    await tx.objectStore('outbox').delete(entry.seq);
    outcome.applied++;
    if (op.type === 'sale') {
      outcome.hasSaleApplied = true;
      await updateSale(tx.objectStore('sales'), op.id, {
        status: 'applied',
        orderId: result.orderId ?? null,
        orderNumber: result.orderNumber ?? null,
        hasStockConflict: !!result.hasStockConflict,
        error: null,
      });
    }
    if (op.type === 'client' && result.clientId) {
      // Filed under the server's id from now on, as the clients' delta will file it.
      const key = `${entry.shopId}:${op.id}`;
      const client = await tx.objectStore('clients').get(key);
      if (client) {
        await tx.objectStore('clients').delete(key);
        await tx
          .objectStore('clients')
          .put({ ...client, id: result.clientId, key: `${entry.shopId}:${result.clientId}` });
      }
    }
  }
  await tx.done;
  return outcome;
}

async function updateSale(store: WritableStore<'sales'>, opId: string, patch: Partial<LocalSale>) {
  const sale = await store.get(opId);
  if (sale) await store.put({ ...sale, ...patch });
}

/** A whole batch refused (bad data in one op): that op alone is marked, the others go again. */
export async function rejectEntry(entry: OutboxEntry, error: string): Promise<AppliedOutcome> {
  return recordResults([entry], [{ id: entry.op.id, status: 'rejected', error: { message: error } }]);
}

/** The user read the refusal and dealt with it: it leaves the list. */
export async function dismissRejected(seq: number): Promise<void> {
  const db = await openPosDb();
  const entry = await db.get('outbox', seq);
  if (entry?.status === 'rejected') await db.delete('outbox', seq);
}

/** Stock the tablet has taken or given back that the server does not know of yet. */
export async function pendingStock(shopId: string): Promise<Map<string, number>> {
  const deltas = new Map<string, number>();
  for (const entry of await listOutbox(shopId)) {
    if (entry.status !== 'pending') continue;
    for (const change of entry.stock)
      deltas.set(change.variantId, (deltas.get(change.variantId) ?? 0) + change.delta);
  }
  return deltas;
}
