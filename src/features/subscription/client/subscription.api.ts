import { api } from '@/client/api/api';
import type { BillingPeriod, PaidPlanId } from '@/shared/plans';

export interface Invoice {
  _id: string;
  shopId: string;
  number: string;
  plan: string;
  months: number;
  amount: number;
  currency: string;
  periodStart: string;
  periodEnd: string;
  issuedAt: string;
  provider: string;
  paymentId: string;
}

export interface Payment {
  _id: string;
  shopId: string;
  shopName: string;
  plan: string;
  months: number;
  amount: number;
  currency: string;
  provider: string;
  status: 'pending' | 'succeeded' | 'failed';
  createdAt: string;
  settledAt: string | null;
}

export const subscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    startCheckout: build.mutation<
      { paymentId: string; redirectUrl: string },
      { shopId: string; plan: PaidPlanId; months: BillingPeriod; idempotencyKey: string }
    >({
      query: (body) => ({ url: '/api/subscription/checkout', method: 'POST', data: body }),
    }),
    listInvoices: build.query<Invoice[], { shopId: string }>({
      query: (params) => ({ url: '/api/subscription/listInvoices', params }),
      providesTags: ['Invoice'],
    }),
    getInvoice: build.query<Invoice, { shopId: string; invoiceId: string }>({
      query: (params) => ({ url: '/api/subscription/getInvoice', params }),
      providesTags: ['Invoice'],
    }),
    getPayment: build.query<Payment, { shopId: string; paymentId: string }>({
      query: (params) => ({ url: '/api/payment/getPayment', params }),
    }),
    reportSandboxPayment: build.mutation<
      { redirectUrl: string },
      { shopId: string; paymentId: string; outcome: 'succeeded' | 'failed' }
    >({
      query: (body) => ({ url: '/api/payment/sandboxReport', method: 'POST', data: body }),
    }),
  }),
});

export const {
  useStartCheckoutMutation,
  useListInvoicesQuery,
  useGetInvoiceQuery,
  useGetPaymentQuery,
  useReportSandboxPaymentMutation,
} = subscriptionApi;
