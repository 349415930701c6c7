import { api } from '@/client/api/api';
import type { PlanId } from '@/shared/plans';

export interface ConsoleShop {
  _id: string;
  name: string;
  slug: string;
  isBlocked: boolean;
  subscriptionPlan: string;
  effectivePlan: string;
  shopExpiresAt: string | null;
  freeTrialExpiresAt: string | null;
  country: string;
  currency: string;
  createdAt: string;
  owner: { phone: string; firstName: string | null; lastName: string | null };
  activeAgents: number;
}

export const consoleApi = api.injectEndpoints({
  endpoints: (build) => ({
    listConsoleShops: build.query<
      { items: ConsoleShop[]; nextCursor: string | null },
      { search: string; after?: string }
    >({
      query: ({ search, after }) => ({
        url: '/api/console/listShops',
        params: { ...(search ? { search } : {}), ...(after ? { after } : {}) },
      }),
      providesTags: ['ConsoleShop'],
    }),
    setShopBlocked: build.mutation<ConsoleShop, { shopId: string; isBlocked: boolean }>({
      query: (body) => ({ url: '/api/console/setShopBlocked', method: 'POST', data: body }),
      invalidatesTags: ['ConsoleShop', 'Shop', 'User'],
    }),
    updateShopSubscription: build.mutation<
      ConsoleShop,
      {
        shopId: string;
        subscriptionPlan: PlanId;
        shopExpiresAt: string | null;
        freeTrialExpiresAt: string | null;
      }
    >({
      query: (body) => ({ url: '/api/console/updateShopSubscription', method: 'POST', data: body }),
      invalidatesTags: ['ConsoleShop', 'Shop'],
    }),
  }),
});

export const { useListConsoleShopsQuery, useSetShopBlockedMutation, useUpdateShopSubscriptionMutation } =
  consoleApi;
