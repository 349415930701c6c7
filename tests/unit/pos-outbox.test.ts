import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetPosDbConnection, openPosDb } from '@/features/pos/client/offline/db';
import { listOutbox, nextBatch, pendingStock, recordResults } from '@/features/pos/client/offline/outbox';
import { openSession, type TillActor } from '@/features/pos/client/offline/till-ops';
import { createClient } from '@/features/pos/client/offline/client-ops';
import { recordSale } from '@/features/pos/client/offline/sale-ops';
import { hasUnsyncedPosOps } from '@/features/pos/client/offline/unsynced';
import { EMPTY_CART, type Cart } from '@/features/pos/client/cart/cart-state';
import { cartTotals } from '@/features/pos/client/cart/cart-math';

/** A cart at its prices, without the shop's discounts. */
const priced = (c: Cart) => ({ cart: c, promotions: null, totals: cartTotals(c) });
import type { StoredProduct } from '@/features/pos/client/offline/types';

const actor: TillActor = {
  shopId: 'shop1',
  userId: 'user1',
  tillId: 'till1',
  tillName: 'Caisse 1',
  cashierName: 'Ibrahima Sarr',
  currency: 'XOF',
};

const product: StoredProduct = {
  key: 'shop1:p1',
  shopId: 'shop1',
  id: 'p1',
  name: 'Bissap',
  categoryId: null,
  imageUrl: null,
  trackStock: true,
  isRemoved: false,
  options: [],
  variants: [
    { id: 'v1', optionValues: [], price: 1500, sku: 'BIS', barcode: '123456', stock: 10, imageUrl: null },
  ],
};

const cart = (quantity: number): Cart => ({
  ...EMPTY_CART,
  lines: [
    {
      variantId: 'v1',
      productId: 'p1',
      productName: 'Bissap',
      variantName: '',
      sku: 'BIS',
      imageUrl: null,
      unitPrice: 1500,
      quantity,
      lineDiscount: 0,
    },
  ],
});

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  forgetPosDbConnection();
  const db = await openPosDb();
  await db.put('products', structuredClone(product));
});

async function storedStock(): Promise<number> {
  const db = await openPosDb();
  return (await db.get('products', 'shop1:p1'))!.variants[0]!.stock;
}

describe('the till outbox', () => {
  it('writes a sale, its receipt record, the session figures and the stock in one go', async () => {
    const session = await openSession(actor, 5000);
    const { sale, session: after } = await recordSale(actor, {
      priced: priced({ ...cart(2), catalogueCursor: '1700000000000000~p1' }),
      payments: [{ method: 'cash', amount: 3000, tendered: 5000 }],
      isCredit: false,
      approvalPin: null,
      session,
    });
    expect(sale.ticketNumber).toBe(1);
    expect(sale.change).toBe(2000);
    expect(after).toMatchObject({ cashSales: 3000, salesCount: 1 });
    expect(await storedStock()).toBe(8);
    const entries = await listOutbox('shop1');
    expect(entries.map((e) => e.op.type)).toEqual(['open_session', 'sale']);
    // The server judges the prices against the catalogue copy they came from.
    expect(entries[1]!.op).toMatchObject({
      catalogueCursor: '1700000000000000~p1',
      localReference: sale.localReference,
    });
    expect(await pendingStock('shop1')).toEqual(new Map([['v1', -2]]));
    expect(await hasUnsyncedPosOps()).toBe(true);
  });

  it('numbers applied sales, keeps rejected ones in view and gives their stock back', async () => {
    const session = await openSession(actor, 0);
    const first = await recordSale(actor, {
      priced: priced(cart(1)),
      payments: [{ method: 'card', amount: 1500 }],
      isCredit: false,
      approvalPin: null,
      session,
    });
    const second = await recordSale(actor, {
      priced: priced(cart(3)),
      payments: [{ method: 'card', amount: 4500 }],
      isCredit: false,
      approvalPin: null,
      session: first.session,
    });
    expect(second.sale.ticketNumber).toBe(2);
    // The tablet's series for the till, drawn once: what the receipt prints and the op carries.
    const series = first.sale.localReference!.split('-')[0];
    expect(first.sale.localReference).toMatch(/^[A-HJ-NP-Z]{4}-1$/);
    expect(second.sale.localReference).toBe(`${series}-2`);
    const batch = await nextBatch('shop1', 'user1');
    expect(batch).toHaveLength(3);
    const outcome = await recordResults(batch, [
      { id: batch[0]!.op.id, status: 'applied' },
      { id: batch[1]!.op.id, status: 'duplicate', orderId: 'o1', orderNumber: 1042 },
      { id: batch[2]!.op.id, status: 'rejected', error: { message: 'Session fermée.' } },
    ]);
    expect(outcome.applied).toBe(2);
    expect(outcome.rejected.map((e) => e.error)).toEqual(['Session fermée.']);
    expect(outcome.stock).toEqual([{ productId: 'p1', variantId: 'v1', delta: 3 }]);
    expect(await storedStock()).toBe(9);
    const db = await openPosDb();
    expect(await db.get('sales', first.sale.opId)).toMatchObject({ status: 'applied', orderNumber: 1042 });
    expect(await db.get('sales', second.sale.opId)).toMatchObject({
      status: 'rejected',
      error: 'Session fermée.',
    });
    const left = await listOutbox('shop1');
    expect(left.map((e) => e.status)).toEqual(['rejected']);
    expect(await nextBatch('shop1', 'user1')).toEqual([]);
    expect(await hasUnsyncedPosOps()).toBe(false);
  });

  it('leaves ops without an answer pending, to send again', async () => {
    await openSession(actor, 0);
    await createClient(actor, 'Awa', '77 000 00 09');
    const batch = await nextBatch('shop1', 'user1');
    await recordResults(batch, [{ id: batch[0]!.op.id, status: 'applied' }]);
    const again = await nextBatch('shop1', 'user1');
    expect(again.map((e) => e.op.type)).toEqual(['client']);
  });

  it('files a client made at the till under its server id once applied', async () => {
    const client = await createClient(actor, 'Awa', '');
    const [entry] = await nextBatch('shop1', 'user1');
    await recordResults([entry!], [{ id: entry!.op.id, status: 'applied', clientId: 'c42' }]);
    const db = await openPosDb();
    expect(await db.get('clients', client.key)).toBeUndefined();
    expect(await db.get('clients', 'shop1:c42')).toMatchObject({
      id: 'c42',
      opId: entry!.op.id,
      name: 'Awa',
    });
  });

  it('sends one till and one user at a time, at most 100 ops', async () => {
    for (let i = 0; i < 120; i++) await createClient(actor, `Client ${i}`, '');
    await createClient({ ...actor, tillId: 'till2' }, 'Autre caisse', '');
    await createClient({ ...actor, userId: 'user2' }, 'Autre caissier', '');
    const first = await nextBatch('shop1', 'user1');
    expect(first).toHaveLength(100);
    await recordResults(
      first,
      first.map((e) => ({ id: e.op.id, status: 'applied' as const })),
    );
    const second = await nextBatch('shop1', 'user1');
    expect(second).toHaveLength(20);
    await recordResults(
      second,
      second.map((e) => ({ id: e.op.id, status: 'applied' as const })),
    );
    const third = await nextBatch('shop1', 'user1');
    expect(third.map((e) => e.tillId)).toEqual(['till2']);
  });
});
