import { useEffect, useReducer, useRef, useState } from 'react';
import { metaKey, readMeta, writeMeta } from '../offline/db';
import { cartReducer, EMPTY_CART, type Cart } from './cart-state';

const SAVE_DELAY_MS = 300;

/** The cart being rung up, kept in IndexedDB: a reload (or a dead battery) does not lose it. */
export function useStoredCart(shopId: string, tillId: string) {
  const [cart, dispatch] = useReducer(cartReducer, EMPTY_CART);
  const [isLoaded, setLoaded] = useState(false);
  const key = metaKey.cart(shopId, tillId);
  const loadedKey = useRef<string | null>(null);

  useEffect(() => {
    let isCancelled = false;
    loadedKey.current = null;
    void readMeta<Cart>(key).then((saved) => {
      if (isCancelled) return;
      dispatch({ type: 'cartReplaced', cart: saved ?? EMPTY_CART });
      loadedKey.current = key;
      setLoaded(true);
    });
    return () => {
      isCancelled = true;
    };
  }, [key]);

  useEffect(() => {
    if (loadedKey.current !== key) return;
    const timer = setTimeout(() => void writeMeta(key, cart), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [cart, key]);

  return { cart, dispatch, isLoaded };
}
