/**
 * What to give back for some units of a sale's lines: each unit at its net price (after its line's
 * discount), less its share of the cart discount. The cashier may still change the amount.
 */
export function refundEstimate(
  lines: Array<{ quantity: number; total: number; refundQty: number }>,
  sale: { afterLineDiscounts: number; cartDiscount: number },
): number {
  const share = sale.afterLineDiscounts > 0 ? 1 - sale.cartDiscount / sale.afterLineDiscounts : 1;
  const gross = lines.reduce(
    (sum, l) => sum + (l.quantity > 0 ? (l.total * l.refundQty) / l.quantity : 0),
    0,
  );
  return Math.round(gross * share);
}
