/*
 * The till's PIN rule, one copy for both sides: the browser till asks for a manager's PIN with it
 * (offline too), the server checks the sale op with it. No zod here: the till loads this file.
 */

/** Above this share of the cart, discounts need an admin's or supervisor's PIN. */
export const DISCOUNT_APPROVAL_PERCENT = 20;

export interface RuledLine {
  quantity: number;
  /** The price sold. */
  unitPrice: number;
  lineDiscount: number;
  /**
   * The catalogue's price for this line: selling below it gives the difference away as surely as
   * a discount does. The till uses the price its copy of the catalogue showed; the server, the
   * lowest the variant had since that copy was read.
   */
  referencePrice: number;
}

/** What a line sells below its reference price: quantity × the difference. */
export function priceCut(line: Pick<RuledLine, 'quantity' | 'unitPrice' | 'referencePrice'>): number {
  return line.quantity * Math.max(0, line.referencePrice - line.unitPrice);
}

/**
 * Everything given away — prices below the catalogue, line discounts, the cart discount (in money)
 * — measured against the cart at catalogue price (at the price sold where that is higher).
 */
export function discountFigures(lines: RuledLine[], cartDiscount: number) {
  let value = 0;
  let given = cartDiscount;
  for (const line of lines) {
    const cut = priceCut(line);
    value += line.unitPrice * line.quantity + cut;
    given += cut + line.lineDiscount;
  }
  return { value, given };
}

/**
 * Whether a manager must approve: more than 20 % of the cart given away, in integers (a share
 * computed in floating point could round 20 % exactly to just above it).
 */
export function discountNeedsApproval(lines: RuledLine[], cartDiscount: number): boolean {
  const { value, given } = discountFigures(lines, cartDiscount);
  return value > 0 && given * 100 > DISCOUNT_APPROVAL_PERCENT * value;
}
