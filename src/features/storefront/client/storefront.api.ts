import { api } from '@/client/api/api';
import type { TAbandonedCarts, TStorefrontSettings, TStorefrontSettingsBody } from '../storefront.schemas';

/* The online shop's settings and its abandoned carts (Site web). */

export type StorefrontSettings = TStorefrontSettings;
export type AbandonedCart = TAbandonedCarts['items'][number];

const storefrontApi = api.enhanceEndpoints({ addTagTypes: ['Storefront', 'AbandonedCart'] }).injectEndpoints({
  endpoints: (build) => ({
    getStorefront: build.query<StorefrontSettings, { shopId: string }>({
      query: (params) => ({ url: '/api/storefront/settings', params }),
      providesTags: ['Storefront'],
    }),
    updateStorefront: build.mutation<StorefrontSettings, TStorefrontSettingsBody>({
      query: (body) => ({ url: '/api/storefront/updateSettings', method: 'POST', data: body }),
      // The answer is the settings as saved: no second request.
      async onQueryStarted({ shopId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(storefrontApi.util.upsertQueryData('getStorefront', { shopId }, data));
      },
    }),
    listAbandonedCarts: build.query<TAbandonedCarts, { shopId: string }>({
      query: (params) => ({ url: '/api/storefront/abandonedCarts', params }),
      providesTags: ['AbandonedCart'],
    }),
    remindCart: build.mutation<{ ok: true }, { shopId: string; cartId: string; via: 'sms' | 'whatsapp' }>({
      query: (body) => ({ url: '/api/storefront/remindCart', method: 'POST', data: body }),
      invalidatesTags: ['AbandonedCart'],
    }),
  }),
});

export const {
  useGetStorefrontQuery,
  useUpdateStorefrontMutation,
  useListAbandonedCartsQuery,
  useRemindCartMutation,
} = storefrontApi;
