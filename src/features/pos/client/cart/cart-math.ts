import type { Cart, CartDiscount, CartLine } from './cart-state';

/*
 * The cart's figures, in the till's first load (the checkout's own, the PIN rule and payments,
 * are in checkout-math.ts, loaded with the payment dialog).
 */

/**
 * What the discount engine takes off a cart (computed by the lazy `cart-pricing.ts`, which alone
 * loads the engine): each discount by name, where it lands, why; the codes applied and refused.
 */
export interface CartPromotion {
  discountId: string;
  name: string;
  /** The code typed, as the discount spells it; null for an automatic discount. */
  code: string | null;
  type: 'product' | 'order';
  amount: number;
  /** French, for « Pourquoi ce prix ? ». */
  why: string;
  lines: Array<{ variantId: string; amount: number }>;
}

export interface CartPromotions {
  adjustments: CartPromotion[];
  appliedCodes: string[];
  refusedCodes: Array<{ code: string; reason: string }>;
}

/** settleRounding (src/shared/discounts/rounding.ts), handed in by the lazy pricing module. */
export type Rounder = (due: number, discounted: boolean) => { amount: number; why: string } | null;

export interface PricedCartLine {
  /** unitPrice × quantity. */
  gross: number;
  /** What the engine's discounts take off this line. */
  promotion: number;
  /** The cashier's line discount, on what the engine leaves. */
  lineDiscount: number;
  /** gross − promotion − lineDiscount */
  total: number;
}

export interface CartTotals {
  /** Before any discount. */
  gross: number;
  /** Σ the engine's discounts (promotions), before the cashier's own. */
  promotionTotal: number;
  lineDiscountTotal: number;
  /** The cart discount in money, on what the promotions and line discounts leave. */
  cartDiscount: number;
  /** Taken off so the amount due is payable (XOF/XAF: a multiple of 5); 0 when undiscounted. */
  rounding: number;
  roundingWhy: string | null;
  total: number;
  itemCount: number;
  /** Per cart line, in the cart's order. */
  lines: PricedCartLine[];
}

/** A cart with its figures: what the cart's parts show and the sale op sends. */
export interface PricedCart {
  cart: Cart;
  promotions: CartPromotions | null;
  totals: CartTotals;
}

export function lineTotal(line: Pick<CartLine, 'unitPrice' | 'quantity' | 'lineDiscount'>): number {
  const gross = line.unitPrice * line.quantity;
  return gross - Math.min(line.lineDiscount, gross);
}

export function cartDiscountAmount(afterLines: number, discount: CartDiscount): number {
  if (!discount) return 0;
  if (discount.kind === 'percent') return Math.round((afterLines * Math.min(discount.value, 100)) / 100);
  return Math.min(discount.value, afterLines);
}

/**
 * The cart's figures, as the sale op sends them and the server checks them (contract §3): the
 * engine's promotions first, then the cashier's line discounts on what they leave, then the cart
 * discount, then the rounding of the amount due (only when something was taken off). Without
 * `promotions` (the engine not loaded, no discount) the lines are at their price.
 */
export function cartTotals(
  cart: Pick<Cart, 'lines' | 'discount'>,
  promotions?: CartPromotions | null,
  round?: Rounder | null,
): CartTotals {
  const byLine = new Map<string, number>();
  for (const adjustment of promotions?.adjustments ?? [])
    for (const share of adjustment.lines)
      byLine.set(share.variantId, (byLine.get(share.variantId) ?? 0) + share.amount);
  let gross = 0;
  let promotionTotal = 0;
  let lineDiscountTotal = 0;
  let afterLines = 0;
  let itemCount = 0;
  const lines = cart.lines.map((line): PricedCartLine => {
    const lineGross = line.unitPrice * line.quantity;
    const promotion = Math.min(byLine.get(line.variantId) ?? 0, lineGross);
    const lineDiscount = Math.min(line.lineDiscount, lineGross - promotion);
    const total = lineGross - promotion - lineDiscount;
    gross += lineGross;
    promotionTotal += promotion;
    lineDiscountTotal += lineDiscount;
    afterLines += total;
    itemCount += line.quantity;
    return { gross: lineGross, promotion, lineDiscount, total };
  });
  const cartDiscount = cartDiscountAmount(afterLines, cart.discount);
  const due = afterLines - cartDiscount;
  const settled = round?.(due, promotionTotal + lineDiscountTotal + cartDiscount > 0) ?? null;
  const rounding = settled ? Math.min(settled.amount, due) : 0;
  return {
    gross,
    promotionTotal,
    lineDiscountTotal,
    cartDiscount,
    rounding,
    roundingWhy: settled?.why ?? null,
    total: due - rounding,
    itemCount,
    lines,
  };
}
