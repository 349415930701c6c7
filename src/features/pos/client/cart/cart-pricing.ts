import { applyDiscounts, compileDiscounts, type CompiledDiscounts } from '@/shared/discounts';
import { settleRounding } from '@/shared/discounts/rounding';
import type { CartLine as EngineLine, DiscountClient } from '@/shared/discounts/types';
import type { TillPricingData } from '../offline/pricing';
import type { Cart } from './cart-state';
import { cartTotals, type CartPromotions, type PricedCart, type Rounder } from './cart-math';

/*
 * The till's discount engine, loaded lazily (till/lazy.ts, cart-store's pricer): the engine is not
 * part of the till's first load (≤ 300 KB compressed). It prices the cart on every change, offline
 * too, from the copy of the shop's discounts the till keeps (offline/pricing.ts).
 */

/** What the till knows to price a cart with. */
export interface TillPricingEnv {
  data: TillPricingData | null;
  /** The shop's, as the till's context has it. */
  currency: string;
  timeZone: string;
  /** The product's category in the till's catalogue (the engine wants it with its ancestors). */
  categoryOf: (productId: string) => string | null | undefined;
}

let compiled: { revision: number; discounts: TillPricingData['discounts']; value: CompiledDiscounts } | null =
  null;
const NO_DISCOUNTS = compileDiscounts([]);

/**
 * Compiled once per revision of the shop's discounts: the same revision read again (new usage
 * counts, the copy reloaded) keeps the compiled object.
 */
function compiledOf(data: TillPricingData | null): CompiledDiscounts {
  if (!data || data.discounts.length === 0) return NO_DISCOUNTS;
  if (
    !compiled ||
    compiled.revision !== data.revision ||
    compiled.discounts.length !== data.discounts.length ||
    compiled.discounts[0]?.id !== data.discounts[0]?.id
  )
    compiled = {
      revision: data.revision,
      discounts: data.discounts,
      value: compileDiscounts(data.discounts),
    };
  return compiled.value;
}

export function rounderFor(currency: string): Rounder {
  return (due, discounted) => settleRounding(due, currency, discounted);
}

/**
 * The engine's promotions for the cart now (`at`, the sale's time), or null when the shop has no
 * discount the till knows of and no code was typed. The client's tags, first order and past uses
 * are unknown at the till: what it has is passed (id and phone), the server flags a use past a
 * limit. The engine's own rounding is dropped: the till rounds the final amount due
 * (cartTotals), after the cashier's discounts.
 */
export function promotionsOf(cart: Cart, env: TillPricingEnv, at: Date = new Date()): CartPromotions | null {
  const codes = cart.codes ?? [];
  const { data } = env;
  if (cart.lines.length === 0 || ((!data || data.discounts.length === 0) && codes.length === 0)) return null;
  const lines: EngineLine[] = cart.lines.map((l) => {
    const categoryId = env.categoryOf(l.productId);
    return {
      id: l.variantId,
      variantId: l.variantId,
      productId: l.productId,
      categoryIds: (categoryId && data?.categoryAncestors[categoryId]) || (categoryId ? [categoryId] : []),
      quantity: l.quantity,
      unitPrice: l.unitPrice,
    };
  });
  const client: DiscountClient | null = cart.client
    ? { ...(cart.client.id ? { id: cart.client.id } : {}), phone: cart.client.phone }
    : null;
  const result = applyDiscounts(compiledOf(data), {
    lines,
    client,
    channel: 'pos',
    at,
    timeZone: data?.timeZone ?? env.timeZone,
    codes,
    deliveryFee: 0,
    currency: env.currency,
    stackCapPercent: data?.stackCapPercent ?? 100,
    usage: data?.usage ?? {},
  });
  const adjustments: CartPromotions['adjustments'] = [];
  for (const a of result.adjustments) {
    if ((a.type !== 'product' && a.type !== 'order') || !a.discount || a.amount <= 0) continue;
    adjustments.push({
      discountId: a.discount.id,
      name: a.discount.name,
      code: a.discount.code,
      type: a.type,
      amount: a.amount,
      why: a.why,
      lines: a.lines.filter((s) => s.amount > 0).map((s) => ({ variantId: s.lineId, amount: s.amount })),
    });
  }
  return { adjustments, appliedCodes: result.appliedCodes, refusedCodes: result.refusedCodes };
}

/** The cart priced: promotions, the cashier's discounts on what they leave, the rounding. */
export function priceTillCart(cart: Cart, env: TillPricingEnv, at: Date = new Date()): PricedCart {
  const promotions = promotionsOf(cart, env, at);
  return { cart, promotions, totals: cartTotals(cart, promotions, rounderFor(env.currency)) };
}
