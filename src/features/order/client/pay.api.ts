import { api } from '@/client/api/api';
import type { PayableOrder } from '../payment-link.schemas';
import type { PaymentMethod } from '../order.schemas';

export type { PayableOrder };

export interface TestPayment {
  _id: string;
  shopName: string;
  orderNumber: number;
  amount: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed';
}

/** The public payment pages of a shop's customer: no session, the link's token is the credential. */
export const payApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPayableOrder: build.query<PayableOrder, { token: string }>({
      query: (params) => ({ url: '/api/pay/getOrder', params }),
    }),
    startPayCheckout: build.mutation<{ redirectUrl: string }, { token: string }>({
      query: (body) => ({ url: '/api/pay/checkout', method: 'POST', data: body }),
    }),
    getTestPayment: build.query<TestPayment, { paymentId: string }>({
      query: (params) => ({ url: '/api/pay/getTestPayment', params }),
    }),
    reportTestPayment: build.mutation<
      { redirectUrl: string },
      { paymentId: string; outcome: 'succeeded' | 'failed'; method: PaymentMethod }
    >({
      query: (body) => ({ url: '/api/pay/testReport', method: 'POST', data: body }),
    }),
  }),
});

export const {
  useGetPayableOrderQuery,
  useStartPayCheckoutMutation,
  useGetTestPaymentQuery,
  useReportTestPaymentMutation,
} = payApi;
