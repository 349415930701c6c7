import type { PosProduct } from '../../pos.schemas';
import { metaKey, openPosDb, readMeta } from './db';
import { pendingStock } from './outbox';
import { posGet } from './pos-http';
import type { Approver, StoredClient, StoredProduct, Till } from './types';

/** The contract's answers, typed without loading zod in the till. */
export interface CataloguePage {
  items: PosProduct[];
  categories: Array<{ id: string; name: string }>;
  cursor: string;
  hasMore: boolean;
}
interface ClientsPage {
  items: Array<
    Pick<StoredClient, 'name' | 'phone' | 'balance' | 'creditLimit' | 'storeCredit' | 'loyaltyPoints'> & {
      id: string;
    }
  >;
  cursor: string;
  hasMore: boolean;
}
export type Category = { id: string; name: string };

const PAGE_SIZE = 1000;

export async function loadProducts(shopId: string): Promise<PosProduct[]> {
  const db = await openPosDb();
  return db.getAllFromIndex('products', 'shopId', shopId);
}

export async function loadCategories(shopId: string): Promise<Category[]> {
  return (await readMeta<Category[]>(metaKey.categories(shopId))) ?? [];
}

/**
 * Files one page of the catalogue's changes with its cursor, in one transaction (a page is kept
 * whole or not at all). Stock is the server's less what this tablet sold and has not sent yet.
 */
async function applyCataloguePage(
  shopId: string,
  page: CataloguePage,
  pending: Map<string, number>,
): Promise<PosProduct[]> {
  const db = await openPosDb();
  const tx = db.transaction(['products', 'meta'], 'readwrite');
  const products = tx.objectStore('products');
  const meta = tx.objectStore('meta');
  const kept: PosProduct[] = [];
  for (const item of page.items) {
    const key = `${shopId}:${item.id}`;
    if (item.isRemoved) {
      void products.delete(key);
      kept.push(item);
      continue;
    }
    const product: StoredProduct = {
      ...item,
      key,
      shopId,
      variants: item.variants.map((v) => ({ ...v, stock: v.stock + (pending.get(v.id) ?? 0) })),
    };
    void products.put(product);
    kept.push(product);
  }
  const known = ((await meta.get(metaKey.categories(shopId))) as Category[] | undefined) ?? [];
  const categories = new Map(known.map((c) => [c.id, c]));
  for (const category of page.categories) categories.set(category.id, category);
  void meta.put([...categories.values()], metaKey.categories(shopId));
  void meta.put(page.cursor, metaKey.catalogueCursor(shopId));
  await tx.done;
  return kept;
}

/** The cursor the tablet's copy of the catalogue was read at (undefined before the first page). */
export function loadCatalogueCursor(shopId: string): Promise<string | undefined> {
  return readMeta<string>(metaKey.catalogueCursor(shopId));
}

/**
 * Fetches the catalogue's changes since the last cursor, page after page while `hasMore`; each
 * page filed is handed on with its cursor, even without changes (the copy is as of a later cursor).
 */
export async function refreshCatalogue(
  shopId: string,
  onPage: (changed: PosProduct[], cursor: string) => void,
): Promise<number> {
  let since = await loadCatalogueCursor(shopId);
  const pending = await pendingStock(shopId);
  let changed = 0;
  for (;;) {
    const page = await posGet<CataloguePage>('/api/pos/catalogue', { shopId, since, limit: PAGE_SIZE });
    const kept = await applyCataloguePage(shopId, page, pending);
    changed += kept.length;
    onPage(kept, page.cursor);
    if (!page.hasMore || page.cursor === since) break;
    since = page.cursor;
  }
  return changed;
}

export async function refreshClients(shopId: string): Promise<number> {
  let since = await readMeta<string>(metaKey.clientsCursor(shopId));
  let changed = 0;
  for (;;) {
    const copiedAt = new Date().toISOString();
    const page = await posGet<ClientsPage>('/api/pos/clients', { shopId, since, limit: PAGE_SIZE });
    const db = await openPosDb();
    const tx = db.transaction(['clients', 'meta'], 'readwrite');
    for (const c of page.items) {
      const client: StoredClient = {
        key: `${shopId}:${c.id}`,
        shopId,
        id: c.id,
        opId: null,
        name: c.name,
        phone: c.phone,
        ...(c.balance ? { balance: c.balance } : {}),
        ...(c.creditLimit !== undefined ? { creditLimit: c.creditLimit } : {}),
        ...(c.storeCredit ? { storeCredit: c.storeCredit } : {}),
        ...(c.loyaltyPoints ? { loyaltyPoints: c.loyaltyPoints } : {}),
        copiedAt,
      };
      void tx.objectStore('clients').put(client);
    }
    void tx.objectStore('meta').put(page.cursor, metaKey.clientsCursor(shopId));
    await tx.done;
    changed += page.items.length;
    if (!page.hasMore || page.cursor === since) break;
    since = page.cursor;
  }
  return changed;
}

export async function loadClients(shopId: string): Promise<StoredClient[]> {
  const db = await openPosDb();
  return db.getAllFromIndex('clients', 'shopId', shopId);
}

export async function refreshApprovers(shopId: string): Promise<Approver[]> {
  const { items } = await posGet<{ items: Approver[] }>('/api/pos/approvers', { shopId });
  const db = await openPosDb();
  await db.put('meta', items, metaKey.approvers(shopId));
  return items;
}

export async function loadApprovers(shopId: string): Promise<Approver[]> {
  return (await readMeta<Approver[]>(metaKey.approvers(shopId))) ?? [];
}

export async function refreshTills(shopId: string): Promise<Till[]> {
  const { items } = await posGet<{ items: Till[] }>('/api/pos/tills', { shopId });
  const db = await openPosDb();
  await db.put('meta', items, metaKey.tills(shopId));
  return items;
}

export async function loadTills(shopId: string): Promise<Till[]> {
  return (await readMeta<Till[]>(metaKey.tills(shopId))) ?? [];
}
