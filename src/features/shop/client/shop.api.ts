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
  logoUrl: string | null;
  address: string;
  phone: string | null;
  receiptFooter: string;
  /** NINEA, NCC, NIU… by country (src/shared/legal-ids.ts); '' when not given. */
  taxId: string;
  tradeRegister: string;
  createdAt: string;
}

export interface Agent {
  _id: string;
  shopId: string;
  userId: string;
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
      invalidatesTags: ['Agent', 'User', 'Team'],
      // The shell holds a nameless agent on /confirmer-informations: put the saved names in the
      // cache at once, so a page opened before the refetch lands does not bounce the agent back.
      async onQueryStarted(_body, { dispatch, getState, queryFulfilled }) {
        const { data: saved } = await queryFulfilled;
        for (const entry of shopApi.util.selectInvalidatedBy(getState(), ['Agent'])) {
          if (entry.endpointName !== 'getOneAgent') continue;
          dispatch(
            shopApi.util.updateQueryData('getOneAgent', entry.originalArgs as { shopId?: string }, (agent) =>
              agent && agent._id === saved._id ? saved : agent,
            ),
          );
        }
      },
    }),
    uploadMyPhoto: build.mutation<Agent, { shopId: string; file: File }>({
      query: ({ shopId, file }) => ({
        url: '/api/agent/uploadMyPhoto',
        method: 'POST',
        params: { shopId },
        data: file,
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      }),
      invalidatesTags: ['Agent', 'Team'],
    }),
    updateShop: build.mutation<
      Shop,
      {
        shopId: string;
        name: string;
        currency: string;
        timeZone: string;
        country: string;
        address: string;
        phone: string;
        receiptFooter: string;
        taxId: string;
        tradeRegister: string;
      }
    >({
      query: (body) => ({ url: '/api/shop/updateShop', method: 'POST', data: body }),
      invalidatesTags: ['Shop', 'User', 'HomeChecklist'],
    }),
    uploadShopLogo: build.mutation<Shop, { shopId: string; file: File }>({
      query: ({ shopId, file }) => ({
        url: '/api/shop/uploadLogo',
        method: 'POST',
        params: { shopId },
        data: file,
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      }),
      invalidatesTags: ['Shop', 'HomeChecklist'],
    }),
    /** Closes Accueil's « Pour bien démarrer » for the shop. */
    dismissChecklist: build.mutation<{ success: true }, { shopId: string }>({
      query: (body) => ({ url: '/api/shop/dismissChecklist', method: 'POST', data: body }),
      invalidatesTags: ['HomeChecklist'],
    }),
    getShopBalance: build.query<{ shopId: string; balance: number; currency: string }, { shopId: string }>({
      query: ({ shopId }) => ({ url: '/api/shop/getShopBalance', params: { shopId } }),
      providesTags: ['Balance'],
    }),
  }),
});

export const {
  useGetShopQuery,
  useGetOneAgentQuery,
  useGetShopBalanceQuery,
  useUpdateMyProfileMutation,
  useUploadMyPhotoMutation,
  useUpdateShopMutation,
  useUploadShopLogoMutation,
  useDismissChecklistMutation,
} = shopApi;
