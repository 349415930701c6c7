import type { Route } from '@/server/http/define-route';
import {
  dismissChecklistRoute,
  getShopBalanceRoute,
  getShopByIdRoute,
  getShopRoute,
  listSellerShopRoute,
  setFcmIdRoute,
  updateShopRoute,
  uploadShopLogoRoute,
} from './shop.routes';

export const routes: Route[] = [
  getShopRoute,
  getShopByIdRoute,
  listSellerShopRoute,
  getShopBalanceRoute,
  setFcmIdRoute,
  updateShopRoute,
  uploadShopLogoRoute,
  dismissChecklistRoute,
];
