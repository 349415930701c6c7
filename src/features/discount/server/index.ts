import type { Route } from '@/server/http/define-route';
import {
  archiveDiscountRoute,
  createDiscountRoute,
  duplicateDiscountRoute,
  discountCodesRoute,
  discountConflictsRoute,
  discountPricingRoute,
  discountSettingsRoute,
  exportDiscountCodesRoute,
  generateDiscountCodesRoute,
  resolveDiscountConflictRoute,
  getDiscountRoute,
  listDiscountsRoute,
  setDiscountEnabledRoute,
  updateDiscountRoute,
} from './discount.routes';

export { loadShopDiscounts, discountNames, createDiscount, setDiscountEnabled } from './discounts';
export { automaticUnitPricer, discountsChanged, priceOrder, pricingData } from './pricing';
export {
  discountUsesStatement,
  judgeDiscountUses,
  moveDiscountUsesToPhone,
  recordDiscountUses,
  releaseDiscountUses,
  type DiscountUseInput,
  type JudgedUse,
} from './discount-usage';

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
  discountCodesRoute,
  discountSettingsRoute,
  discountPricingRoute,
  discountConflictsRoute,
  resolveDiscountConflictRoute,
];
export { discountsForMessages, issueMessageCodes, sampleMessageCode, usedCodesCount } from './campaign-codes';
