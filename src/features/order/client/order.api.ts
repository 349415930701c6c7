import { api } from '@/client/api/api';
import type { TIssuedInvoices, TOrder, TOrderSummary } from '../order.dto-schemas';
import type { PaymentLinkShareWay } from '../payment-link.schemas';
import type {
  FulfilmentStatus,
  PaymentMethod,
  TCreateOrderBody,
  TOrderFilters,
  TRefundOrderBody,
  TUpdateOrderBody,
} from '../order.schemas';
import type { THomeSummary } from '@/features/home/home.schemas';

export type Order = TOrder;
export type OrderSummary = TOrderSummary;
export type HomeSummary = THomeSummary;
export interface OrderView {
  id: string;
  name: string;
  filters: TOrderFilters;
}

/** Filters go in the query string: lists as « a,b », empty values left out. */
export function orderQueryParams(shopId: string, filters: TOrderFilters): Record<string, string> {
  const params: Record<string, string> = { shopId };
  for (const [key, value] of Object.entries(filters)) {
    if (Array.isArray(value)) {
      if (value.length) params[key] = value.join(',');
    } else if (value) params[key] = String(value);
  }
  return params;
}

export interface OrderListArgs {
  shopId: string;
  filters: TOrderFilters;
  after?: string;
  /** The page's length, when not the list's own (50): a phone's first page. */
  limit?: number;
}

const orderChanged = (_r: unknown, _e: unknown, arg: { orderId: string }) => [
  { type: 'Order' as const, id: arg.orderId },
  { type: 'Order' as const, id: 'LIST' },
  'HomeSummary' as const,
  'Product' as const,
];

export const orderApi = api.injectEndpoints({
  endpoints: (build) => ({
    listOrders: build.query<{ items: OrderSummary[]; nextCursor: string | null }, OrderListArgs>({
      query: ({ shopId, filters, after, limit }) => ({
        url: '/api/order/list',
        // The HTTP client leaves an absent cursor or length out of the query string.
        params: { ...orderQueryParams(shopId, filters), after, limit },
      }),
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    countOrders: build.query<
      { count: number; isCapped: boolean },
      { shopId: string; filters: TOrderFilters }
    >({
      query: ({ shopId, filters }) => ({
        url: '/api/order/count',
        params: orderQueryParams(shopId, filters),
      }),
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    getOrder: build.query<Order, { shopId: string; orderId: string }>({
      query: (params) => ({ url: '/api/order/get', params }),
      providesTags: (_r, _e, arg) => [{ type: 'Order', id: arg.orderId }],
    }),
    createOrder: build.mutation<Order, TCreateOrderBody>({
      query: (body) => ({ url: '/api/order/create', method: 'POST', data: body }),
      invalidatesTags: [{ type: 'Order', id: 'LIST' }, 'HomeSummary', 'Product', 'Shop'],
    }),
    updateOrder: build.mutation<Order, TUpdateOrderBody>({
      query: (body) => ({ url: '/api/order/update', method: 'POST', data: body }),
      invalidatesTags: orderChanged,
    }),
    changeOrderStatus: build.mutation<Order, { shopId: string; orderId: string; status: FulfilmentStatus }>({
      query: (body) => ({ url: '/api/order/changeStatus', method: 'POST', data: body }),
      invalidatesTags: orderChanged,
    }),
    bulkChangeOrderStatus: build.mutation<
      { results: Array<{ orderId: string; number: number | null; isDone: boolean; error: string | null }> },
      { shopId: string; orderIds: string[]; status: FulfilmentStatus }
    >({
      query: (body) => ({ url: '/api/order/bulkChangeStatus', method: 'POST', data: body }),
      invalidatesTags: ['Order', 'HomeSummary', 'Product'],
    }),
    addOrderPayment: build.mutation<
      Order,
      { shopId: string; orderId: string; method: PaymentMethod; amount: number; reference?: string }
    >({
      query: (body) => ({ url: '/api/order/addPayment', method: 'POST', data: body }),
      invalidatesTags: orderChanged,
    }),
    /** « Facture »: numbers the orders' invoices on first issue, answers the numbers given before. */
    issueInvoices: build.mutation<TIssuedInvoices, { shopId: string; orderIds: string[] }>({
      query: (body) => ({ url: '/api/order/issueInvoices', method: 'POST', data: body }),
      invalidatesTags: (_r, _e, arg) => arg.orderIds.map((id) => ({ type: 'Order' as const, id })),
    }),
    /** The order's link (made on first ask); asking writes nothing on the timeline. */
    getOrderPaymentLink: build.mutation<{ url: string }, { shopId: string; orderId: string }>({
      query: (body) => ({ url: '/api/order/paymentLink', method: 'POST', data: body }),
    }),
    /** The seller copied or sent the link: the timeline notes it. */
    paymentLinkShared: build.mutation<
      { ok: true },
      { shopId: string; orderId: string; via: PaymentLinkShareWay }
    >({
      query: (body) => ({ url: '/api/order/paymentLinkShared', method: 'POST', data: body }),
      invalidatesTags: (_r, _e, arg) => [{ type: 'Order', id: arg.orderId }],
    }),
    refundOrder: build.mutation<
      Order,
      Omit<TRefundOrderBody, 'restock' | 'reason'> & { restock: boolean; reason: string }
    >({
      query: (body) => ({ url: '/api/order/refund', method: 'POST', data: body }),
      invalidatesTags: orderChanged,
    }),
    addOrderNote: build.mutation<Order, { shopId: string; orderId: string; note: string }>({
      query: (body) => ({ url: '/api/order/addNote', method: 'POST', data: body }),
      invalidatesTags: (_r, _e, arg) => [{ type: 'Order', id: arg.orderId }],
    }),
    listOrderViews: build.query<{ items: OrderView[] }, { shopId: string }>({
      query: (params) => ({ url: '/api/order/views', params }),
      providesTags: ['OrderView'],
    }),
    saveOrderView: build.mutation<OrderView, { shopId: string; name: string; filters: TOrderFilters }>({
      query: (body) => ({ url: '/api/order/saveView', method: 'POST', data: body }),
      invalidatesTags: ['OrderView'],
    }),
    deleteOrderView: build.mutation<{ ok: true }, { shopId: string; viewId: string }>({
      query: (body) => ({ url: '/api/order/deleteView', method: 'POST', data: body }),
      invalidatesTags: ['OrderView'],
    }),
    getHomeSummary: build.query<HomeSummary, { shopId: string }>({
      query: (params) => ({ url: '/api/home/summary', params }),
      providesTags: ['HomeSummary'],
    }),
  }),
});

export const {
  useListOrdersQuery,
  useCountOrdersQuery,
  useGetOrderQuery,
  useCreateOrderMutation,
  useUpdateOrderMutation,
  useChangeOrderStatusMutation,
  useBulkChangeOrderStatusMutation,
  useAddOrderPaymentMutation,
  useGetOrderPaymentLinkMutation,
  useIssueInvoicesMutation,
  usePaymentLinkSharedMutation,
  useRefundOrderMutation,
  useAddOrderNoteMutation,
  useListOrderViewsQuery,
  useSaveOrderViewMutation,
  useDeleteOrderViewMutation,
  useGetHomeSummaryQuery,
} = orderApi;
