import { api } from '@/client/api/api';
import { call } from './pos.api';

/**
 * A till's sale that spent more loyalty points than the client held (made offline from an older
 * copy of the balance): accepted, and flagged for a manager (GET /api/loyalty/conflicts). Typed here
 * for the till, as the discounts' conflicts are; loaded with the « Conflits » screen and its badge.
 */
export interface LoyaltyConflict {
  id: string;
  orderId: string | null;
  orderNumber: number | null;
  clientId: string;
  clientName: string;
  clientPhone: string | null;
  points: number;
  missing: number;
  amount: number;
  createdAt: string;
  soldBy: { id: string; name: string } | null;
  resolvedAt: string | null;
  resolvedBy: { id?: string; name: string } | null;
  resolution: string | null;
}

const loyaltyConflictsApi = api.enhanceEndpoints({ addTagTypes: ['PosConflict'] }).injectEndpoints({
  endpoints: (build) => ({
    listLoyaltyConflicts: build.query<
      { items: LoyaltyConflict[] },
      { shopId: string; status: 'open' | 'resolved' }
    >({
      queryFn: (params) => call<{ items: LoyaltyConflict[] }>('GET', '/api/loyalty/conflicts', params),
      providesTags: ['PosConflict'],
    }),
    resolveLoyaltyConflict: build.mutation<
      unknown,
      { shopId: string; conflictId: string; resolution: string }
    >({
      queryFn: (body) => call<unknown>('POST', '/api/loyalty/resolveConflict', body),
      invalidatesTags: ['PosConflict'],
    }),
  }),
});

export const { useListLoyaltyConflictsQuery, useResolveLoyaltyConflictMutation } = loyaltyConflictsApi;
