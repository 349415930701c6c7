import { api } from '@/client/api/api';
import type { z } from '@/shared/validation';
import type {
  TClientDetail,
  TClientEvent,
  TClientSummary,
  TCustomer,
  TCustomerInput,
  TUpdateClientBody,
  ZPayClientBalanceAnswer,
  ZPayClientBalanceBody,
} from '../customer.schemas';
import { clientListParams, type ClientFilters } from './client-filters';

export type Customer = TCustomer;
export type ClientSummary = TClientSummary;
export type ClientDetail = TClientDetail;
export type ClientEvent = TClientEvent;
export type PayClientBalanceBody = z.input<typeof ZPayClientBalanceBody>;
export type PayClientBalanceAnswer = z.infer<typeof ZPayClientBalanceAnswer>;

export interface ClientListArgs {
  shopId: string;
  filters: ClientFilters;
  after?: string;
}

type ClientRef = { shopId: string; clientId: string };

/** What changes with a client: their page, their history and the list (figures, tags, balance). */
const clientChanged = (_r: unknown, _e: unknown, arg: { clientId: string }) => [
  { type: 'Client' as const, id: arg.clientId },
  { type: 'Client' as const, id: 'LIST' },
];

/**
 * The shop's customers: the order editor's picker (`search`, `create`) and the « Clients » screens
 * (`/mes-clients`). The ardoise payment is an order module's path, but the client's page makes it.
 */
export const customerApi = api.enhanceEndpoints({ addTagTypes: ['Client'] }).injectEndpoints({
  endpoints: (build) => ({
    searchCustomers: build.query<{ items: Customer[] }, { shopId: string; search: string; limit?: number }>({
      query: (params) => ({ url: '/api/client/search', params }),
    }),
    createCustomer: build.mutation<Customer, TCustomerInput & { shopId: string }>({
      query: (body) => ({ url: '/api/client/create', method: 'POST', data: body }),
      invalidatesTags: [{ type: 'Client', id: 'LIST' }],
    }),
    listClients: build.query<{ items: ClientSummary[]; nextCursor: string | null }, ClientListArgs>({
      query: ({ shopId, filters, after }) => ({
        url: '/api/client/list',
        params: { ...clientListParams(shopId, filters), ...(after ? { after } : {}) },
      }),
      providesTags: [{ type: 'Client', id: 'LIST' }],
    }),
    countClients: build.query<
      { count: number; isCapped: boolean },
      { shopId: string; filters: ClientFilters }
    >({
      query: ({ shopId, filters }) => ({
        url: '/api/client/count',
        params: clientListParams(shopId, filters),
      }),
      providesTags: [{ type: 'Client', id: 'LIST' }],
    }),
    getClient: build.query<ClientDetail, ClientRef>({
      query: (params) => ({ url: '/api/client/get', params }),
      providesTags: (_r, _e, arg) => [{ type: 'Client', id: arg.clientId }],
    }),
    clientTimeline: build.query<
      { items: ClientEvent[]; nextCursor: string | null },
      ClientRef & { after?: string; limit?: number }
    >({
      query: (params) => ({ url: '/api/client/timeline', params }),
      providesTags: (_r, _e, arg) => [{ type: 'Client', id: arg.clientId }],
    }),
    updateClient: build.mutation<ClientDetail, TUpdateClientBody>({
      query: (body) => ({ url: '/api/client/update', method: 'POST', data: body }),
      invalidatesTags: clientChanged,
    }),
    bulkTagClients: build.mutation<
      { updated: number },
      { shopId: string; clientIds: string[]; add?: string[]; remove?: string[] }
    >({
      query: (body) => ({ url: '/api/client/bulkTags', method: 'POST', data: body }),
      invalidatesTags: (_r, _e, arg) => [
        { type: 'Client', id: 'LIST' },
        ...arg.clientIds.map((id) => ({ type: 'Client' as const, id })),
      ],
    }),
    /** « Enregistrer un paiement » on the ardoise: the orders it pays change too. */
    payClientBalance: build.mutation<PayClientBalanceAnswer, PayClientBalanceBody>({
      query: (body) => ({ url: '/api/order/payClientBalance', method: 'POST', data: body }),
      invalidatesTags: (_r, _e, arg) => [...clientChanged(_r, _e, arg), 'Order', 'HomeSummary'],
    }),
  }),
});

export const {
  useSearchCustomersQuery,
  useCreateCustomerMutation,
  useListClientsQuery,
  useCountClientsQuery,
  useGetClientQuery,
  useClientTimelineQuery,
  useUpdateClientMutation,
  useBulkTagClientsMutation,
  usePayClientBalanceMutation,
} = customerApi;
