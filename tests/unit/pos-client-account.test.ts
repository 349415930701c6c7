import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetPosDbConnection, openPosDb } from '@/features/pos/client/offline/db';
import { openSession, type TillActor } from '@/features/pos/client/offline/till-ops';
import { recordSale } from '@/features/pos/client/offline/sale-ops';
import { recordResults, nextBatch } from '@/features/pos/client/offline/outbox';
import {
  accountAfterPending,
  accountOfCopy,
  readClientOnTablet,
} from '@/features/pos/client/offline/client-account';
import { EMPTY_CART, type Cart } from '@/features/pos/client/cart/cart-state';
import { cartTotals } from '@/features/pos/client/cart/cart-math';

/*
 * What a client owes and holds as « avoir » and loyalty points, as the till tells it offline: its copy of the client
 * moved by this tablet's sales the server has not received yet.
 */

const actor: TillActor = {
  shopId: 'shop1',
  userId: 'user1',
  tillId: 'till1',
  tillName: 'Caisse 1',
  cashierName: 'Ibrahima Sarr',
  currency: 'XOF',
};
const khady = { id: 'c1', opId: null, name: 'Khady Sow', phone: '+221771234567' };

const cartFor = (client: Cart['client']): Cart => ({
  ...EMPTY_CART,
  client,
  lines: [
    {
      productId: 'p1',
      variantId: 'v1',
      productName: 'Pagne wax',
      variantName: '',
      sku: null,
      imageUrl: null,
      unitPrice: 6000,
      quantity: 1,
      lineDiscount: 0,
    },
  ],
});
const priced = (c: Cart) => ({ cart: c, promotions: null, totals: cartTotals(c) });

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  forgetPosDbConnection();
  const db = await openPosDb();
  await db.put('clients', {
    key: 'shop1:c1',
    shopId: 'shop1',
    id: 'c1',
    opId: null,
    name: khady.name,
    phone: khady.phone,
    balance: 2000,
    creditLimit: 10_000,
    storeCredit: 5000,
    loyaltyPoints: 400,
  });
});

describe('a client’s account on the tablet', () => {
  it('adds what this tablet’s unsent sales left owed and takes off the avoir they spent', async () => {
    const session = await openSession(actor, 0);
    await recordSale(actor, {
      priced: priced(cartFor(khady)),
      payments: [{ method: 'store_credit', amount: 1500 }],
      isCredit: true,
      approvalPin: null,
      session,
    });
    // Another client's sale counts for nothing here.
    await recordSale(actor, {
      priced: priced(cartFor({ ...khady, id: 'c2' })),
      payments: [],
      isCredit: true,
      approvalPin: null,
      session,
    });
    const { copy, sales } = await readClientOnTablet('shop1', khady);
    expect(sales).toHaveLength(1);
    expect(accountAfterPending(accountOfCopy(copy), sales, khady)).toEqual({
      balance: 2000 + 4500,
      creditLimit: 10_000,
      storeCredit: 3500,
      loyaltyPoints: 400,
    });
  });

  it('takes off the points an unsent sale spent, and counts none it earned until the server has them', async () => {
    const session = await openSession(actor, 0);
    await recordSale(actor, {
      priced: priced(cartFor(khady)),
      payments: [
        { method: 'loyalty', amount: 1500 },
        { method: 'cash', amount: 4500 },
      ],
      isCredit: false,
      approvalPin: null,
      session,
      loyalty: { spent: 300, earned: 45, balance: 145 },
    });
    const { copy, sales } = await readClientOnTablet('shop1', khady);
    expect(sales[0]!.loyalty).toEqual({ spent: 300, earned: 45, balance: 145 });
    expect(accountAfterPending(accountOfCopy(copy), sales, khady).loyaltyPoints).toBe(100);
  });

  it('stops counting a sale the server has, unless the copy was read before it was made', async () => {
    const session = await openSession(actor, 0);
    await recordSale(actor, {
      priced: priced(cartFor(khady)),
      payments: [],
      isCredit: true,
      approvalPin: null,
      session,
    });
    const batch = await nextBatch('shop1', 'user1');
    await recordResults(
      batch,
      batch.map((e) =>
        e.op.type === 'sale'
          ? { id: e.op.id, status: 'applied' as const, orderId: 'o1', orderNumber: 1001 }
          : { id: e.op.id, status: 'applied' as const },
      ),
    );
    const { copy, sales } = await readClientOnTablet('shop1', khady);
    // The server's answer has it.
    expect(accountAfterPending(accountOfCopy(copy), sales, khady).balance).toBe(2000);
    // A copy read before the sale does not: the sale still counts.
    const readBefore = new Date(Date.parse(sales[0]!.at) - 60_000).toISOString();
    expect(accountAfterPending(accountOfCopy(copy), sales, khady, readBefore).balance).toBe(8000);
    const readAfter = new Date(Date.parse(sales[0]!.at) + 60_000).toISOString();
    expect(accountAfterPending(accountOfCopy(copy), sales, khady, readAfter).balance).toBe(2000);
  });

  it('knows nothing owed and no limit for a client the copy has no account for', () => {
    expect(accountOfCopy(undefined)).toEqual({
      balance: 0,
      creditLimit: null,
      storeCredit: 0,
      loyaltyPoints: 0,
    });
  });
});
