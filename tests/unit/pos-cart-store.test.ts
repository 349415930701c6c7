import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CartStore } from '@/features/pos/client/cart/cart-store';
import { EMPTY_CART, type Cart } from '@/features/pos/client/cart/cart-state';
import { forgetPosDbConnection, metaKey, readMeta, writeMeta } from '@/features/pos/client/offline/db';

const KEY = metaKey.cart('shop1', 'till1');

const bissap = {
  variantId: 'v1',
  productId: 'p1',
  productName: 'Bissap 1 L',
  variantName: '',
  sku: 'BIS',
  imageUrl: null,
  unitPrice: 1500,
};

const saved: Cart = {
  ...EMPTY_CART,
  lines: [{ ...bissap, variantId: 'v2', productName: 'Jus de bouye', quantity: 2, lineDiscount: 0 }],
  note: 'à livrer',
};

/** Until the store has read IndexedDB and written what it must. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  forgetPosDbConnection();
});

describe('the till’s cart store', () => {
  it('takes back the cart kept in IndexedDB and tells its subscribers', async () => {
    await writeMeta(KEY, saved);
    const store = new CartStore(KEY);
    const listener = vi.fn();
    store.subscribe(listener);
    await settle();
    expect(store.getSnapshot()).toEqual(saved);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps a line scanned before the kept cart was read, and saves it', async () => {
    await writeMeta(KEY, saved);
    const store = new CartStore(KEY);
    store.dispatch({ type: 'lineAdded', line: bissap });
    await settle();
    expect(store.getSnapshot().lines.map((l) => l.variantId)).toEqual(['v1']);
    store.flush();
    await vi.waitFor(async () =>
      expect((await readMeta<Cart>(KEY))?.lines.map((l) => l.variantId)).toEqual(['v1']),
    );
  });

  it('saves a change once the scans pause, or at once when flushed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const store = new CartStore(KEY);
      await vi.waitFor(() => expect(store.getSnapshot()).toBe(EMPTY_CART));
      await vi.advanceTimersByTimeAsync(10);
      store.dispatch({ type: 'lineAdded', line: bissap });
      store.dispatch({ type: 'lineAdded', line: bissap });
      expect(await readMeta<Cart>(KEY)).toBeUndefined();
      await vi.advanceTimersByTimeAsync(300);
      await vi.waitFor(async () => expect((await readMeta<Cart>(KEY))?.lines[0]?.quantity).toBe(2));

      store.dispatch({ type: 'noteSet', note: 'sans glaçons' });
      store.flush();
      await vi.waitFor(async () => expect((await readMeta<Cart>(KEY))?.note).toBe('sans glaçons'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('redraws nobody for an action that changes nothing', async () => {
    const store = new CartStore(KEY);
    await settle();
    const listener = vi.fn();
    store.subscribe(listener);
    store.dispatch({ type: 'cartReplaced', cart: store.getSnapshot() });
    expect(listener).not.toHaveBeenCalled();
    store.dispatch({ type: 'noteSet', note: 'x' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
