import { api } from '@/client/api/api';
import { call } from './pos.api';

/*
 * What a sale made offline at a till did beyond what the server would have allowed, accepted and
 * flagged for a manager: a discount used past a limit (GET /api/discount/conflicts) and loyalty
 * points spent beyond the client's balance (GET /api/loyalty/conflicts). The stock's own conflicts
 * are the till's (pos.api.ts). Typed here for the till; loaded with the « Conflits » screen and its
 * badge, not with the till's first load.
 */

interface Settled {
  resolvedAt: string | null;
  resolvedBy: { id?: string; name: string } | null;
  resolution: string | null;
}

export interface DiscountConflict extends Settled {
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
}

export interface LoyaltyConflict extends Settled {
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
}

type ListArgs = { shopId: string; status: 'open' | 'resolved' };
type ResolveArgs = { shopId: string; conflictId: string; resolution: string };

const offlineConflictsApi = api.enhanceEndpoints({ addTagTypes: ['PosConflict'] }).injectEndpoints({
  endpoints: (build) => {
    // Each kind answers the same two calls: its list, and « Marquer réglé ».
    const list = <T>(path: string) =>
      build.query<{ items: T[] }, ListArgs>({
        queryFn: (params) => call<{ items: T[] }>('GET', path, params),
        providesTags: ['PosConflict'],
      });
    const resolve = (path: string) =>
      build.mutation<unknown, ResolveArgs>({
        queryFn: (body) => call<unknown>('POST', path, body),
        invalidatesTags: ['PosConflict'],
      });
    return {
      listDiscountConflicts: list<DiscountConflict>('/api/discount/conflicts'),
      resolveDiscountConflict: resolve('/api/discount/resolveConflict'),
      listLoyaltyConflicts: list<LoyaltyConflict>('/api/loyalty/conflicts'),
      resolveLoyaltyConflict: resolve('/api/loyalty/resolveConflict'),
    };
  },
});

export const {
  useListDiscountConflictsQuery,
  useResolveDiscountConflictMutation,
  useListLoyaltyConflictsQuery,
  useResolveLoyaltyConflictMutation,
} = offlineConflictsApi;
