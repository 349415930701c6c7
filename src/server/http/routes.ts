import type { Route } from './define-route';
import { sendCodeRoute } from '@/features/auth/server/auth.routes';
import { getInfoRoute } from '@/features/user/server/user.routes';
import {
  getAllAgentsRoute,
  getOneAgentRoute,
  updateMyProfileRoute,
} from '@/features/agent/server/agent.routes';
import {
  getShopBalanceRoute,
  getShopByIdRoute,
  getShopRoute,
  listSellerShopRoute,
  setFcmIdRoute,
} from '@/features/shop/server/shop.routes';
import {
  getNotificationsByShopRoute,
  markAsReadRoute,
} from '@/features/notification/server/notification.routes';

/** Every API route, for the OpenAPI document and the test server. Next serves each from its pages/api file. */
export const ROUTES: Route[] = [
  sendCodeRoute,
  getInfoRoute,
  getOneAgentRoute,
  getAllAgentsRoute,
  updateMyProfileRoute,
  getShopRoute,
  getShopByIdRoute,
  listSellerShopRoute,
  getShopBalanceRoute,
  setFcmIdRoute,
  getNotificationsByShopRoute,
  markAsReadRoute,
];
