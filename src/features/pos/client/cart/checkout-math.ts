import { MAX_AMOUNT, MAX_UNIT_PRICE, lineLimitMessage, totalLimitMessage } from '@/shared/bounds';
import type { PosPaymentMethod } from '../../pos.schemas';
import { DISCOUNT_APPROVAL_PERCENT, discountFigures } from '../../discount-rule';
import type { Cart } from './cart-state';
import { cartTotals, type CartTotals } from './cart-math';

/*
 * The checkout's figures (the payment dialog's, loaded lazily): what the server would refuse, the
 * PIN rule, payments and change. Apart from cart-math.ts, which the till's first load carries.
 */

/**
 * Why the server would refuse this cart's figures, or null: a price past MAX_UNIT_PRICE (kept from
 * a catalogue older than the bounds), a line or the whole past MAX_AMOUNT. The till says it before
 * the sale is written, rather than keep a sale the server will reject.
 */
export function cartLimitError(cart: Pick<Cart, 'lines'>, currency: string): string | null {
  const overpriced = cart.lines.find((l) => l.unitPrice > MAX_UNIT_PRICE);
  if (overpriced)
    return `Le prix de « ${overpriced.productName} » dépasse le maximum autorisé : corrigez-le dans le catalogue.`;
  if (cart.lines.some((l) => l.unitPrice * l.quantity > MAX_AMOUNT))
    return lineLimitMessage(currency, 'vente');
  const gross = cart.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  return gross > MAX_AMOUNT ? totalLimitMessage(currency, 'vente') : null;
}

/**
 * The server's PIN rule (discount-rule.ts), offline: everything the cashier gives away — unit
 * prices below the catalogue's, line discounts, the cart discount — above 20 % of the cart needs a
 * manager. The engine's promotions never count as given away: the cashier's discounts are measured
 * against what the promotions leave. A line is measured against the catalogue price it was added
 * at, which is never below the server's reference (the lowest price since the cart's cursor): the
 * server cannot refuse what the till let through.
 */
export function cartNeedsApproval(
  cart: Pick<Cart, 'lines' | 'discount'>,
  totals: CartTotals = cartTotals(cart),
): boolean {
  const lines = cart.lines.map((l, i) => ({
    ...l,
    lineDiscount: totals.lines[i]?.lineDiscount ?? l.lineDiscount,
    referencePrice: l.catalogPrice ?? l.unitPrice,
  }));
  const figures = discountFigures(lines, totals.cartDiscount);
  const value = figures.value - totals.promotionTotal;
  return value > 0 && figures.given * 100 > DISCOUNT_APPROVAL_PERCENT * value;
}

export interface PaymentDraft {
  method: PosPaymentMethod;
  /** What this payment covers of the sale. */
  amount: number;
  reference?: string;
  /** Cash handed over (cash only). */
  tendered?: number;
}

export interface PaymentState {
  paid: number;
  remaining: number;
  change: number;
}

export function paymentState(total: number, payments: PaymentDraft[]): PaymentState {
  const paid = payments.reduce((sum, p) => sum + p.amount, 0);
  const change = payments.reduce(
    (sum, p) => sum + (p.method === 'cash' && p.tendered ? Math.max(0, p.tendered - p.amount) : 0),
    0,
  );
  return { paid, remaining: Math.max(0, total - paid), change };
}

/** Cash handed over for what is left: it pays at most that, the rest is change. */
export function cashPayment(remaining: number, tendered: number): PaymentDraft {
  return { method: 'cash', amount: Math.min(remaining, tendered), tendered };
}

/** Notes a customer is likely to hand over for this amount: the next round sums. */
export function quickTenders(remaining: number): number[] {
  const steps = [500, 1000, 2000, 5000, 10000];
  const amounts = new Set<number>([remaining]);
  for (const step of steps) amounts.add(Math.ceil(remaining / step) * step);
  return [...amounts]
    .filter((n) => n >= remaining)
    .sort((a, b) => a - b)
    .slice(0, 5);
}
