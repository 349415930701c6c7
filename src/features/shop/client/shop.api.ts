import { api } from '@/client/api/api';
import type { PlanQuotas } from '@/shared/plans';

export type { PlanQuotas };
import type { AgentRole } from '@/shared/roles';

export interface Shop {
  _id: string;
  name: string;
  slug: string;
  sellerId: { _id: string };
  isBlocked: boolean;
  subscriptionPlan: string;
  shopExpiresAt: string | null;
  freeTrialExpiresAt: string | null;
  planQuotas: PlanQuotas;
  currency: string;
  timeZone: string;
  country: string;
  createdAt: string;
}

export interface Agent {
  _id: string;
  shopId: string;
  firstName: string | null;
  lastName: string | null;
  phone: string;
  email: string | null;
  role: AgentRole;
  profilePictureUrl: string | null;
  isActive: boolean;
}

/** The shop's subscription dates as Date objects, the form the plan and banner rules take. */
export function shopDates(shop: Pick<Shop, 'subscriptionPlan' | 'shopExpiresAt' | 'freeTrialExpiresAt'>) {
  return {
    subscriptionPlan: shop.subscriptionPlan,
    shopExpiresAt: shop.shopExpiresAt ? new Date(shop.shopExpiresAt) : null,
    freeTrialExpiresAt: shop.freeTrialExpiresAt ? new Date(shop.freeTrialExpiresAt) : null,
  };
}

export const shopApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShop: build.query<Shop | null, { shopId?: string }>({
      query: ({ shopId }) => ({ url: '/api/shop/getShop', params: shopId ? { shopId } : undefined }),
      providesTags: ['Shop'],
    }),
    getOneAgent: build.query<Agent | null, { shopId?: string }>({
      query: ({ shopId }) => ({ url: '/api/agent/getOneAgent', params: shopId ? { shopId } : undefined }),
      providesTags: ['Agent'],
    }),
    updateMyProfile: build.mutation<
      Agent,
      { shopId: string; firstName: string; lastName: string; email?: string }
    >({
      query: (body) => ({ url: '/api/agent/updateMyProfile', method: 'POST', data: body }),
      invalidatesTags: ['Agent', 'User'],
    }),
    getShopBalance: build.query<{ shopId: string; balance: number; currency: string }, { shopId: string }>({
      query: ({ shopId }) => ({ url: '/api/shop/getShopBalance', params: { shopId } }),
      providesTags: ['Balance'],
    }),
  }),
});

export const { useGetShopQuery, useGetOneAgentQuery, useGetShopBalanceQuery, useUpdateMyProfileMutation } =
  shopApi;
