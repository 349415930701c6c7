import type { Route } from '@/server/http/define-route';
import {
  getInvoiceRoute,
  getPaymentRoute,
  listInvoicesRoute,
  paymentReturnRoute,
  paymentWebhookRoute,
  sandboxReportRoute,
  startCheckoutRoute,
} from './subscription.routes';

export const routes: Route[] = [
  startCheckoutRoute,
  listInvoicesRoute,
  getInvoiceRoute,
  getPaymentRoute,
  sandboxReportRoute,
  paymentReturnRoute,
  paymentWebhookRoute,
];
