import { useEffect, useState } from 'react';
import { loadCartPricing } from '../till/lazy';
import type { TillValue } from '../till/TillProvider';
import { useCartValue, type CartStore } from './cart-store';

type PricingModule = Awaited<ReturnType<typeof loadCartPricing>>;

/**
 * Prices the cart with the shop's discounts: the engine (cart-pricing.ts) loads with the cart's
 * first line or code, never with the till's first load; it is priced again when the discounts,
 * the catalogue or the cart change.
 */
export function useCartPricing(
  store: CartStore,
  till: Pick<TillValue, 'pricing' | 'index' | 'catalogueVersion' | 'context'>,
) {
  const isNeeded = useCartValue(store, (cart) => cart.lines.length > 0 || !!cart.codes?.length);
  const [pricing, setModule] = useState<PricingModule | null>(null);
  useEffect(() => {
    if (!isNeeded || pricing) return;
    let isCancelled = false;
    // Offline before it was ever cached: the cart goes on at its prices, the payment loads it.
    loadCartPricing().then(
      (m) => !isCancelled && setModule(m),
      () => undefined,
    );
    return () => {
      isCancelled = true;
    };
  }, [isNeeded, pricing]);

  const { pricing: data, index, catalogueVersion } = till;
  const { currency, timeZone } = till.context.shop;
  useEffect(() => {
    if (!pricing) return;
    const env = { data, currency, timeZone, categoryOf: (id: string) => index.card(id)?.categoryId };
    store.setPricer((cart) => pricing.priceTillCart(cart, env));
  }, [pricing, data, index, catalogueVersion, currency, timeZone, store]);
}
