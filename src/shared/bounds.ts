import { formatMoney } from './money';
import { formatCount } from './numbers';

/*
 * The largest figures Comptoir takes, in one place: the API's schemas, the order pipeline, the stock
 * writer and the till all read them here. Amounts are integers in the currency's minor unit (FCFA,
 * or cents for EUR). Chosen so that no computation on them leaves the doubles' exact integers:
 * JavaScript numbers are exact up to 2^53 ≈ 9 × 10^15, PostgreSQL's bigint holds 9 × 10^18 and its
 * integer (quantities, stock) 2^31 ≈ 2.1 × 10^9. README « Bounds » gives the figures and why.
 *
 * No zod here: the till loads this file and keeps zod out of its first load (pos-constants.ts);
 * the schemas built on these figures are in bounded-schemas.ts.
 */

/** A product's price, or a price a till sold at: 10^9 (a milliard FCFA, 10 M€ in cents). */
export const MAX_UNIT_PRICE = 1_000_000_000;
/** Units on one line of an order, a till's sale or a refund. Price × quantity ≤ 10^14, exact. */
export const MAX_QUANTITY = 100_000;
/**
 * Any single amount: a line's total, an order's total (lines, discounts and delivery fee), a
 * payment, a refund, a discount, a cash movement, a float or a count: 10^10 (ten milliard FCFA,
 * 100 M€). An order of 200 lines at this bound still sums exactly (2 × 10^12), and a shop's
 * figures (a day's sales, a Z report, a CSV export) stay exact up to 900 000 orders at the bound.
 */
export const MAX_AMOUNT = 10_000_000_000;
/**
 * A variant's stock, up or down (a till may sell below zero): 10^7 units. A product's total of up
 * to 100 variants stays within PostgreSQL's integer (10^9 < 2^31), and so does any one move (an
 * adjustment, a count's difference, at most 2 × 10^7).
 */
export const MAX_STOCK = 10_000_000;

const units = formatCount;

/** The refusals every bound uses, server and till alike (set in French typography by their callers). */
export const BOUND_MESSAGES = {
  price: 'Ce prix dépasse le maximum autorisé.',
  amount: 'Ce montant dépasse le maximum autorisé.',
  quantity: `Au plus ${units(MAX_QUANTITY)} unités par ligne.`,
  stock: `Le stock ne peut pas dépasser ${units(MAX_STOCK)} unités.`,
  stockChange: `Au plus ${units(MAX_STOCK)} unités à la fois.`,
} as const;

/** « Au plus 10 000 000 000 FCFA. »: an amount typed past MAX_AMOUNT, in the shop's currency. */
export function amountLimitMessage(currency: string): string {
  return `Ce montant dépasse le maximum autorisé (${formatMoney(MAX_AMOUNT, currency)}).`;
}

/** A line whose price × quantity passes MAX_AMOUNT; `what` is « commande » or « vente ». */
export function lineLimitMessage(currency: string, what: 'commande' | 'vente' = 'commande'): string {
  return `Cette ligne dépasse le montant maximal d’une ${what} (${formatMoney(MAX_AMOUNT, currency)}) : réduisez la quantité.`;
}

/** A whole order or sale past MAX_AMOUNT. */
export function totalLimitMessage(currency: string, what: 'commande' | 'vente' = 'commande'): string {
  return `Le total dépasse le montant maximal d’une ${what} (${formatMoney(MAX_AMOUNT, currency)}) : répartissez-la en plusieurs ${what}s.`;
}

/** The stock a move would leave, refused: past MAX_STOCK, or below −MAX_STOCK at a till. */
export function stockLimitMessage(label: string | undefined, stockAfter: number): string {
  const what = label ? `de « ${label} » ` : '';
  return stockAfter > 0
    ? `Le stock ${what}ne peut pas dépasser ${units(MAX_STOCK)} unités.`
    : `Le stock ${what}ne peut pas descendre sous −${units(MAX_STOCK)} unités.`;
}

/** The most units of one line at this price: its total stays within MAX_AMOUNT. */
export function maxLineQuantity(unitPrice: number): number {
  if (unitPrice <= 0) return MAX_QUANTITY;
  return Math.max(1, Math.min(MAX_QUANTITY, Math.floor(MAX_AMOUNT / unitPrice)));
}
