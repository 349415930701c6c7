import { useEffect, useState, useSyncExternalStore } from 'react';
import { metaKey, readMeta, writeMeta } from '../offline/db';
import { cartReducer, EMPTY_CART, type Cart, type CartAction } from './cart-state';
import { cartTotals, type PricedCart } from './cart-math';

/** Prices a cart with the shop's discounts (the lazy cart-pricing module, once loaded). */
export type CartPricer = (cart: Cart) => PricedCart;

const SAVE_DELAY_MS = 300;

/**
 * The cart being rung up, outside React: the parts that show it subscribe (useCart) and redraw
 * when it changes, the selling screen around them does not — a scan must show its line in well
 * under 50 ms on a tablet. Kept in IndexedDB: a reload (or a dead battery) does not lose it.
 */
export class CartStore {
  private cart: Cart = EMPTY_CART;
  private listeners = new Set<() => void>();
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private isLoaded = false;
  private pricer: CartPricer | null = null;
  private priced: PricedCart | null = null;
  private pricedBy: CartPricer | null = null;

  constructor(private readonly key: string) {
    void readMeta<Cart>(key).then((saved) => {
      // A cart rung up before the saved one was read (a scan at once) wins, and is saved.
      if (this.cart === EMPTY_CART) {
        if (saved) this.set(saved);
        this.isLoaded = true;
      } else {
        this.isLoaded = true;
        this.save();
      }
    });
  }

  getSnapshot = (): Cart => this.cart;

  /**
   * The cart with its figures, computed once per change of the cart (or of the pricer): the
   * engine's promotions, the cashier's discounts, the rounding. Before the pricing module has
   * loaded, the lines at their price and the cashier's discounts.
   */
  getPriced = (): PricedCart => {
    if (!this.priced || this.priced.cart !== this.cart || this.pricedBy !== this.pricer) {
      this.pricedBy = this.pricer;
      this.priced = this.pricer
        ? this.pricer(this.cart)
        : { cart: this.cart, promotions: null, totals: cartTotals(this.cart) };
    }
    return this.priced;
  };

  /** The discounts or the catalogue changed, or the engine has loaded: the cart is priced again. */
  setPricer(pricer: CartPricer | null): void {
    this.pricer = pricer;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  dispatch = (action: CartAction): void => {
    this.set(cartReducer(this.cart, action));
  };

  /** Writes a pending save now: the screen that shows the cart is going away. */
  flush(): void {
    if (this.saveTimer === undefined) return;
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    void writeMeta(this.key, this.cart);
  }

  private set(cart: Cart): void {
    if (cart === this.cart) return;
    this.cart = cart;
    for (const listener of this.listeners) listener();
    if (this.isLoaded) this.save();
  }

  private save(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      // When the tablet is idle (within a second): not in the middle of the next scan.
      const write = () => void writeMeta(this.key, this.cart);
      if (typeof requestIdleCallback === 'function') requestIdleCallback(write, { timeout: 1000 });
      else write();
    }, SAVE_DELAY_MS);
  }
}

/** The till's cart store, one per till, for as long as the screen shows it. */
export function useCartStore(shopId: string, tillId: string): CartStore {
  const key = metaKey.cart(shopId, tillId);
  const [store, setStore] = useState(() => new CartStore(key));
  const [storeKey, setStoreKey] = useState(key);
  if (storeKey !== key) {
    setStoreKey(key);
    setStore(new CartStore(key));
  }
  useEffect(() => () => store.flush(), [store]);
  return store;
}

/** The cart now; the component redraws when it changes. */
export function useCart(store: CartStore): Cart {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/** The cart with its figures; the component redraws when they change. */
export function usePricedCart(store: CartStore): PricedCart {
  return useSyncExternalStore(store.subscribe, store.getPriced, store.getPriced);
}

/** One value drawn from the priced cart (a total, a count): redraws only when it changes. */
export function usePricedValue<T extends string | number | boolean | null>(
  store: CartStore,
  select: (priced: PricedCart) => T,
): T {
  const read = () => select(store.getPriced());
  return useSyncExternalStore(store.subscribe, read, read);
}

/**
 * One value drawn from the cart (a number, a string: compared with Object.is); the component
 * redraws only when that value changes.
 */
export function useCartValue<T extends string | number | boolean | null>(
  store: CartStore,
  select: (cart: Cart) => T,
): T {
  const read = () => select(store.getSnapshot());
  return useSyncExternalStore(store.subscribe, read, read);
}
