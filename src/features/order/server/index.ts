import type { Route } from '@/server/http/define-route';
import { registerSettlement } from '@/features/payment/server/settlements';
import { orderLinkSettlement } from './settle-order-payment';
import {
  clientTimelineRoute,
  payClientBalanceRoute,
  sendBalanceReminderRoute,
  clientStatementRoute,
} from './client-balance.routes';
import {
  addOrderNoteRoute,
  addOrderPaymentRoute,
  bulkChangeOrderStatusRoute,
  changeOrderStatusRoute,
  countOrdersRoute,
  createOrderRoute,
  deleteOrderViewRoute,
  exportOrdersRoute,
  exportOrderLinesRoute,
  getOrderRoute,
  listOrderViewsRoute,
  listOrdersRoute,
  refundOrderRoute,
  saveOrderViewRoute,
  shareOrderPaymentLinkRoute,
  paymentLinkSharedRoute,
  issueInvoicesRoute,
  updateOrderRoute,
} from './order.routes';
import {
  getPayableOrderRoute,
  getTestPaymentRoute,
  reportTestPaymentRoute,
  startPayCheckoutRoute,
} from './pay.routes';

registerSettlement('order_link', orderLinkSettlement);

export const routes: Route[] = [
  clientTimelineRoute,
  payClientBalanceRoute,
  sendBalanceReminderRoute,
  clientStatementRoute,
  listOrdersRoute,
  countOrdersRoute,
  exportOrdersRoute,
  exportOrderLinesRoute,
  getOrderRoute,
  createOrderRoute,
  updateOrderRoute,
  changeOrderStatusRoute,
  bulkChangeOrderStatusRoute,
  addOrderPaymentRoute,
  shareOrderPaymentLinkRoute,
  paymentLinkSharedRoute,
  issueInvoicesRoute,
  refundOrderRoute,
  addOrderNoteRoute,
  listOrderViewsRoute,
  saveOrderViewRoute,
  deleteOrderViewRoute,
  // The customer's side of a payment link: public, reached from /payer/<token>.
  getPayableOrderRoute,
  startPayCheckoutRoute,
  getTestPaymentRoute,
  reportTestPaymentRoute,
];
