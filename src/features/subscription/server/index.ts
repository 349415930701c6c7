import type { Route } from '@/server/http/define-route';
import { registerSettlement } from '@/features/payment/server/settlements';
import {
  getInvoiceRoute,
  getPaymentRoute,
  listInvoicesRoute,
  sandboxReportRoute,
  startCheckoutRoute,
} from './subscription.routes';
import { subscriptionSettlement } from './subscription-settlement';

registerSettlement('subscription', subscriptionSettlement);

export const routes: Route[] = [
  startCheckoutRoute,
  listInvoicesRoute,
  getInvoiceRoute,
  getPaymentRoute,
  sandboxReportRoute,
];
