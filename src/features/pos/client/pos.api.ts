import { api } from '@/client/api/api';
import { ApiError } from '@/client/api/api-error';
import type { TOrder, TOrderSummary } from '@/features/order/order.dto-schemas';
import type { CashSession, StockConflict, Till, ZReport } from '../pos.schemas';
import { posRequest } from './offline/pos-http';
import type { ClientAccount } from './offline/client-account';

/**
 * What the till asks the server only while online (its selling goes through the outbox). Calls go
 * through the till's own HTTP client: a 401 here refreshes the token instead of leaving the page.
 */
export async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  args: Record<string, unknown>,
): Promise<{ data: T } | { error: ApiError }> {
  try {
    const data =
      method === 'GET'
        ? await posRequest<T>('GET', url, { params: args as Record<string, string | undefined> })
        : await posRequest<T>('POST', url, { body: args });
    return { data };
  } catch (error) {
    return { error: error instanceof ApiError ? error : new ApiError(0, 'UNKNOWN', String(error)) };
  }
}

const posApi = api
  .enhanceEndpoints({ addTagTypes: ['PosSession', 'PosConflict', 'PosOrder'] })
  .injectEndpoints({
    endpoints: (build) => ({
      createTill: build.mutation<Till, { shopId: string; name: string }>({
        queryFn: (body) => call<Till>('POST', '/api/pos/createTill', body),
      }),
      updateTill: build.mutation<Till, { shopId: string; tillId: string; name: string; isActive: boolean }>({
        queryFn: (body) => call<Till>('POST', '/api/pos/updateTill', body),
      }),
      /** The tills with their open session and its expected cash (every tablet's ops the server has). */
      listTills: build.query<{ items: Till[] }, { shopId: string }>({
        queryFn: (params) => call<{ items: Till[] }>('GET', '/api/pos/tills', params),
        providesTags: ['PosSession'],
      }),
      listSessions: build.query<
        { items: CashSession[]; nextCursor: string | null },
        { shopId: string; tillId?: string; after?: string }
      >({
        queryFn: (params) =>
          call<{ items: CashSession[]; nextCursor: string | null }>('GET', '/api/pos/sessions', params),
        providesTags: ['PosSession'],
      }),
      getZReport: build.query<ZReport, { shopId: string; sessionId: string; version?: number }>({
        queryFn: ({ shopId, sessionId }) => call<ZReport>('GET', '/api/pos/zReport', { shopId, sessionId }),
        providesTags: ['PosSession'],
      }),
      listConflicts: build.query<{ items: StockConflict[] }, { shopId: string; status: 'open' | 'resolved' }>(
        {
          queryFn: (params) => call<{ items: StockConflict[] }>('GET', '/api/pos/conflicts', params),
          providesTags: ['PosConflict'],
        },
      ),
      resolveConflict: build.mutation<
        StockConflict,
        { shopId: string; conflictId: string; resolution: string }
      >({
        queryFn: (body) => call<StockConflict>('POST', '/api/pos/resolveConflict', body),
        invalidatesTags: ['PosConflict'],
      }),
      setPin: build.mutation<unknown, { shopId: string; pin: string }>({
        queryFn: (body) => call<unknown>('POST', '/api/pos/setPin', body),
      }),
      sendReceipt: build.mutation<unknown, { shopId: string; orderId: string; phone?: string }>({
        queryFn: (body) => call<unknown>('POST', '/api/pos/sendReceipt', body),
      }),
      listPosOrders: build.query<
        { items: TOrderSummary[]; nextCursor: string | null },
        { shopId: string; after?: string }
      >({
        queryFn: ({ shopId, after }) =>
          call<{ items: TOrderSummary[]; nextCursor: string | null }>('GET', '/api/order/list', {
            shopId,
            channel: 'pos',
            after,
          }),
        providesTags: ['PosOrder'],
      }),
      /** What a client owes, may owe and holds as « avoir », fresher than the till's copy when online. */
      getClientCredit: build.query<ClientAccount, { shopId: string; clientId: string }>({
        queryFn: (params) => call<ClientAccount>('GET', '/api/pos/clientCredit', params),
        keepUnusedDataFor: 0,
      }),
      getPosOrder: build.query<TOrder, { shopId: string; orderId: string }>({
        queryFn: (params) => call<TOrder>('GET', '/api/order/get', params),
        providesTags: ['PosOrder'],
      }),
    }),
  });

export const {
  useCreateTillMutation,
  useUpdateTillMutation,
  useListTillsQuery,
  useListSessionsQuery,
  useGetZReportQuery,
  useListConflictsQuery,
  useResolveConflictMutation,
  useSetPinMutation,
  useSendReceiptMutation,
  useListPosOrdersQuery,
  useGetPosOrderQuery,
  useLazyGetPosOrderQuery,
  useGetClientCreditQuery,
} = posApi;
/** Sales applied: orders, sessions and conflicts (stock, discounts past a limit) may have changed. */
export const invalidatePosOrders = () =>
  posApi.util.invalidateTags(['PosOrder', 'PosSession', 'PosConflict']);
