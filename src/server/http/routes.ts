import type { Route } from './define-route';
import { sendCodeRoute } from '@/features/auth/server/auth.routes';
import { getInfoRoute } from '@/features/user/server/user.routes';
import {
  getAllAgentsRoute,
  getOneAgentRoute,
  inviteAgentRoute,
  setAgentActiveRoute,
  updateAgentRoleRoute,
  updateMyProfileRoute,
  uploadMyPhotoRoute,
} from '@/features/agent/server/agent.routes';
import {
  getInvoiceRoute,
  getPaymentRoute,
  listInvoicesRoute,
  sandboxReportRoute,
  startCheckoutRoute,
} from '@/features/subscription/server/subscription.routes';
import { paymentReturnRoute, paymentWebhookRoute } from '@/features/payment/server/payment.routes';
import { registerSettlement } from '@/features/payment/server/settlements';
import { subscriptionSettlement } from '@/features/subscription/server/subscription-settlement';
import { orderLinkSettlement } from '@/features/order/server/settle-order-payment';

// Each purpose's settlement, known to the payment module before any payment can come back.
registerSettlement('subscription', subscriptionSettlement);
registerSettlement('order_link', orderLinkSettlement);
import {
  listShopsRoute,
  setShopBlockedRoute,
  updateShopSubscriptionRoute,
} from '@/features/console/server/console.routes';
import {
  getShopBalanceRoute,
  getShopByIdRoute,
  getShopRoute,
  listSellerShopRoute,
  setFcmIdRoute,
  updateShopRoute,
  uploadShopLogoRoute,
} from '@/features/shop/server/shop.routes';
import {
  getNotificationsByShopRoute,
  markAsReadRoute,
} from '@/features/notification/server/notification.routes';

import {
  bulkProductsRoute,
  createProductRoute,
  generateBarcodeRoute,
  getProductRoute,
  listProductsRoute,
  removeProductImageRoute,
  reorderProductImagesRoute,
  updateProductRoute,
  uploadProductImageRoute,
} from '@/features/product/server/product.routes';
import {
  adjustStockRoute,
  inventoryCountRoute,
  stockHistoryRoute,
} from '@/features/product/server/stock.routes';
import {
  createCategoryRoute,
  deleteCategoryRoute,
  listCategoriesRoute,
  updateCategoryRoute,
} from '@/features/product/server/category.routes';
import { exportProductsCsvRoute, importProductsCsvRoute } from '@/features/product/server/csv.routes';
import * as orderRoutes from '@/features/order/server/order.routes';
import * as payRoutes from '@/features/order/server/pay.routes';
import * as posRoutes from '@/features/pos/server/pos.routes';
import { createClientRoute, searchClientsRoute } from '@/features/client/server/client.routes';
import { homeSummaryRoute } from '@/features/home/server/home.routes';

/** Every API route, for the OpenAPI document and the test server. Next serves each from its pages/api file. */
export const ROUTES: Route[] = [
  sendCodeRoute,
  getInfoRoute,
  getOneAgentRoute,
  getAllAgentsRoute,
  updateMyProfileRoute,
  uploadMyPhotoRoute,
  inviteAgentRoute,
  updateAgentRoleRoute,
  setAgentActiveRoute,
  getShopRoute,
  getShopByIdRoute,
  listSellerShopRoute,
  getShopBalanceRoute,
  setFcmIdRoute,
  updateShopRoute,
  uploadShopLogoRoute,
  getNotificationsByShopRoute,
  markAsReadRoute,
  startCheckoutRoute,
  listInvoicesRoute,
  getInvoiceRoute,
  getPaymentRoute,
  sandboxReportRoute,
  paymentReturnRoute,
  paymentWebhookRoute,
  listShopsRoute,
  setShopBlockedRoute,
  updateShopSubscriptionRoute,
  listProductsRoute,
  getProductRoute,
  createProductRoute,
  updateProductRoute,
  bulkProductsRoute,
  generateBarcodeRoute,
  uploadProductImageRoute,
  removeProductImageRoute,
  reorderProductImagesRoute,
  adjustStockRoute,
  inventoryCountRoute,
  stockHistoryRoute,
  listCategoriesRoute,
  createCategoryRoute,
  updateCategoryRoute,
  deleteCategoryRoute,
  exportProductsCsvRoute,
  importProductsCsvRoute,
  ...Object.values(orderRoutes),
  ...Object.values(payRoutes),
  ...Object.values(posRoutes),
  searchClientsRoute,
  createClientRoute,
  homeSummaryRoute,
];
