import type { Route } from '@/server/http/define-route';
import {
  archiveDiscountRoute,
  createDiscountRoute,
  duplicateDiscountRoute,
  exportDiscountCodesRoute,
  generateDiscountCodesRoute,
  getDiscountRoute,
  listDiscountsRoute,
  setDiscountEnabledRoute,
  updateDiscountRoute,
} from './discount.routes';

export { loadShopDiscounts } from './discounts';

export const routes: Route[] = [
  listDiscountsRoute,
  getDiscountRoute,
  createDiscountRoute,
  updateDiscountRoute,
  duplicateDiscountRoute,
  archiveDiscountRoute,
  setDiscountEnabledRoute,
  generateDiscountCodesRoute,
  exportDiscountCodesRoute,
];
