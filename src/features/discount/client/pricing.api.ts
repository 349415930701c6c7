import { api } from '@/client/api/api';
import type { PRICING_CHANNELS, TDiscountPricing } from '../discount.schemas';

/**
 * What the order editor (and the till) price a cart with, live: GET /api/discount/pricing, in the
 * engine's own shapes (src/shared/discounts), so the answer goes to compileDiscounts and
 * applyDiscounts as it is. `revision` changes whenever the shop's discounts or cap change.
 */
export type DiscountPricing = TDiscountPricing;

export interface DiscountPricingArgs {
  shopId: string;
  /** `manual` and `whatsapp` need `orders:create`, `pos` needs `pos:use`. */
  channel: (typeof PRICING_CHANNELS)[number];
  /** The client's uses and first order are in the answer. */
  clientId?: string;
}

export const discountPricingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDiscountPricing: build.query<DiscountPricing, DiscountPricingArgs>({
      query: ({ shopId, channel, clientId }) => ({
        url: '/api/discount/pricing',
        params: { shopId, channel, ...(clientId ? { clientId } : {}) },
      }),
    }),
  }),
});

export const { useGetDiscountPricingQuery } = discountPricingApi;
