import { api } from '@/client/api/api';
import type { TQuote } from '../delivery.schemas';

/*
 * The fee of an address, on its own: the order editor asks it as an order is typed, and should not
 * carry Livraison's thirty other endpoints for it (delivery.api.ts re-exports it). A change to the
 * zones (DeliveryZone) asks it again.
 */

export type DeliveryQuote = TQuote;

export interface QuoteArgs {
  shopId: string;
  commune: string;
  quartier: string;
  /** A GPS pin, for the distance fee outside every zone. */
  position?: string;
  goods: number;
}

const deliveryQuoteApi = api.enhanceEndpoints({ addTagTypes: ['DeliveryZone'] }).injectEndpoints({
  endpoints: (build) => ({
    quoteDelivery: build.query<DeliveryQuote, QuoteArgs>({
      query: (params) => ({ url: '/api/delivery/quote', params }),
      providesTags: ['DeliveryZone'],
    }),
  }),
});

export const { useQuoteDeliveryQuery } = deliveryQuoteApi;
