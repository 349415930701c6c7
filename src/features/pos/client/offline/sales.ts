import { openPosDb } from './db';
import type { LocalSale } from './types';

/** This tablet's sales for a shop, newest first, a page at a time. */
export async function listLocalSales(shopId: string, limit: number): Promise<LocalSale[]> {
  const db = await openPosDb();
  const range = IDBKeyRange.bound([shopId, ''], [shopId, '\uffff']);
  const sales: LocalSale[] = [];
  let cursor = await db.transaction('sales').store.index('shopAt').openCursor(range, 'prev');
  while (cursor && sales.length < limit) {
    sales.push(cursor.value);
    cursor = await cursor.continue();
  }
  return sales;
}

export async function getLocalSale(opId: string): Promise<LocalSale | undefined> {
  const db = await openPosDb();
  return db.get('sales', opId);
}
