import type { Discount, DiscountState } from './types';

/**
 * The state a list shows at an instant: the stored one for a draft or a disabled discount, else
 * the one its dates give (the stored « programmée » or « active » lags behind the clock).
 */
export function discountStateAt(
  discount: Pick<Discount, 'state' | 'startsAt' | 'endsAt'>,
  at: Date | number | string,
): DiscountState {
  if (discount.state === 'draft' || discount.state === 'disabled' || discount.state === 'expired')
    return discount.state;
  const now = typeof at === 'number' ? at : new Date(at).getTime();
  if (discount.endsAt && now >= Date.parse(discount.endsAt)) return 'expired';
  if (discount.startsAt && now < Date.parse(discount.startsAt)) return 'scheduled';
  return 'active';
}
