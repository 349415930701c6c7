import { api } from '@/client/api/api';
import type { TCustomer, TCustomerInput } from '../customer.schemas';

export type Customer = TCustomer;

/** The shop's customers, as the order editor's picker (and later the « Clients » screens) reach them. */
export const customerApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchCustomers: build.query<{ items: Customer[] }, { shopId: string; search: string }>({
      query: (params) => ({ url: '/api/client/search', params }),
    }),
    createCustomer: build.mutation<Customer, TCustomerInput & { shopId: string }>({
      query: (body) => ({ url: '/api/client/create', method: 'POST', data: body }),
    }),
  }),
});

export const { useSearchCustomersQuery, useCreateCustomerMutation } = customerApi;
