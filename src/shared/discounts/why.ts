import { basisPoints } from './amounts';
import { whyText } from './messages';
import type { Candidate } from './select';
import type { DiscountRef } from './types';

/* « Pourquoi ce prix ? »: the French line each adjustment carries. */

function effectText(candidate: Candidate, currency: string, units = 0): string {
  const { discount } = candidate;
  const value = discount.source.value;
  if (value.target === 'order')
    return discount.bp
      ? whyText.orderPercentage(discount.bp)
      : whyText.orderAmount(discount.amount, currency);
  if (value.target === 'delivery') return whyText.freeDelivery;
  if (value.target === 'buy-x-get-y') {
    const bp = basisPoints(value.get.percentage);
    return units
      ? whyText.buyGetOnLine(units, bp)
      : whyText.buyGetRule(value.buy.quantity, value.get.quantity, bp);
  }
  if (discount.bp) return whyText.productPercentage(discount.bp);
  return value.amountPer === 'order'
    ? whyText.productAmountShared(discount.amount, currency)
    : whyText.productAmountPerUnit(discount.amount, currency);
}

export interface Why {
  candidate: Candidate;
  /** The shop cap lowered it. */
  shopCapped: boolean;
  /** Its own maximum per order lowered it (for an order discount, known only from its base). */
  capped?: boolean;
  /** On one line: the units a buy X get Y gave there. */
  units?: number;
}

/** « Soldes d’été (code ETE) : −20 % (plafonnée à 5 000 FCFA) ». */
export function whyOf(
  { candidate, shopCapped, capped, units }: Why,
  currency: string,
  capBp: number,
): string {
  const label = whyText.label(candidate.discount.name, candidate.code);
  const max = candidate.discount.source.limits?.maxAmountPerOrder;
  let text = whyText.line(label, effectText(candidate, currency, units));
  if ((capped ?? candidate.capped) && max != null) text += whyText.maxAmount(max, currency);
  if (shopCapped) text += whyText.shopCap(capBp);
  return text;
}

export const refOf = (c: Candidate): DiscountRef => ({
  id: c.discount.id,
  name: c.discount.name,
  code: c.code,
});
