import { api } from '@/client/api/api';
import type { LoyaltyRules } from '../loyalty.constants';
import type { TLoyaltyEntry, TLoyaltyProgram } from '../loyalty.schemas';

export interface LoyaltySummary {
  members: number;
  outstandingPoints: number;
  outstandingValue: number;
  earned30d: number;
  redeemed30d: number;
  expired30d: number;
  openConflicts: number;
}

export interface ClientLoyalty {
  points: number;
  value: number;
  program: LoyaltyRules | null;
  entries: TLoyaltyEntry[];
}

const loyaltyTags = api.enhanceEndpoints({ addTagTypes: ['LoyaltyProgram', 'ClientLoyalty'] });

export const loyaltyApi = loyaltyTags.injectEndpoints({
  endpoints: (build) => ({
    getLoyaltyProgram: build.query<TLoyaltyProgram, string>({
      query: (shopId) => ({ url: '/api/loyalty/program', params: { shopId } }),
      providesTags: ['LoyaltyProgram'],
    }),
    saveLoyaltyProgram: build.mutation<
      TLoyaltyProgram,
      LoyaltyRules & { shopId: string; isEnabled: boolean }
    >({
      query: (body) => ({ url: '/api/loyalty/saveProgram', method: 'POST', data: body }),
      invalidatesTags: ['LoyaltyProgram', 'ClientLoyalty'],
    }),
    getLoyaltySummary: build.query<LoyaltySummary, string>({
      query: (shopId) => ({ url: '/api/loyalty/summary', params: { shopId } }),
      providesTags: ['LoyaltyProgram'],
    }),
    getClientLoyalty: build.query<ClientLoyalty, { shopId: string; clientId: string }>({
      query: (params) => ({ url: '/api/loyalty/client', params }),
      providesTags: ['ClientLoyalty'],
      keepUnusedDataFor: 0,
    }),
    adjustPoints: build.mutation<
      { ok: true },
      { shopId: string; clientId: string; points: number; note: string }
    >({
      query: (body) => ({ url: '/api/loyalty/adjust', method: 'POST', data: body }),
      invalidatesTags: ['ClientLoyalty', 'LoyaltyProgram'],
    }),
  }),
});

export const {
  useGetLoyaltyProgramQuery,
  useSaveLoyaltyProgramMutation,
  useGetLoyaltySummaryQuery,
  useGetClientLoyaltyQuery,
  useAdjustPointsMutation,
} = loyaltyApi;
