import { whyText } from './messages';

/** What the amount due must be a multiple of, so mobile money takes it (CinetPay: 5 FCFA). */
export const ROUNDING_STEPS: Readonly<Record<string, number>> = { XOF: 5, XAF: 5 };

/**
 * The rounding an order's final amount due takes, once every discount (the engine's and the
 * agent's or cashier's own) and the delivery fee are in: down to what mobile money accepts, in
 * the customer's favour. Only a discounted total is rounded (an undiscounted one is the catalogue's
 * prices, payable as they are); null when nothing is taken off.
 */
export function settleRounding(
  due: number,
  currency: string,
  discounted: boolean,
): { amount: number; why: string } | null {
  const step = ROUNDING_STEPS[currency] ?? 1;
  const amount = discounted && due > 0 ? due % step : 0;
  return amount > 0 ? { amount, why: whyText.rounding(step, currency) } : null;
}

/** The rounding's « Pourquoi ce prix ? » line for a currency. */
export function roundingWhy(currency: string): string {
  return whyText.rounding(ROUNDING_STEPS[currency] ?? 1, currency);
}
