import { api } from '@/client/api/api';
import { call } from './pos.api';

/**
 * A discount used past one of its limits (total, per client, per code) by a sale made offline at a
 * till: accepted, and flagged for a manager (contract §5, GET /api/discount/conflicts). Typed here
 * for the till; loaded with the « Conflits » screen and its badge, not with the till's first load.
 */
export interface DiscountConflict {
  id: string;
  discountId: string;
  discountName: string;
  code: string | null;
  orderId: string;
  orderNumber: number;
  limit: 'total' | 'client' | 'code';
  clientName: string | null;
  clientPhone: string | null;
  amount: number;
  createdAt: string;
  soldBy: { id: string; name: string } | null;
  resolvedAt: string | null;
  resolvedBy: { id?: string; name: string } | null;
  resolution: string | null;
}

const discountConflictsApi = api.enhanceEndpoints({ addTagTypes: ['PosConflict'] }).injectEndpoints({
  endpoints: (build) => ({
    listDiscountConflicts: build.query<
      { items: DiscountConflict[] },
      { shopId: string; status: 'open' | 'resolved' }
    >({
      queryFn: (params) => call<{ items: DiscountConflict[] }>('GET', '/api/discount/conflicts', params),
      providesTags: ['PosConflict'],
    }),
    resolveDiscountConflict: build.mutation<
      unknown,
      { shopId: string; conflictId: string; resolution: string }
    >({
      queryFn: (body) => call<unknown>('POST', '/api/discount/resolveConflict', body),
      invalidatesTags: ['PosConflict'],
    }),
  }),
});

export const { useListDiscountConflictsQuery, useResolveDiscountConflictMutation } = discountConflictsApi;
