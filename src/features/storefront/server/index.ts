import type { Route } from '@/server/http/define-route';
import { registerSettlement } from '@/features/payment/server/settlements';
import { orderLinkSettlement } from '@/features/order/server/settle-order-payment';
import { findTrackingToken } from '@/features/delivery/server/tracking';
import { getShopById } from '@/features/shop/server/shop.repository';
import {
  getSettingsRoute,
  listAbandonedCartsRoute,
  remindCartRoute,
  updateSettingsRoute,
} from './storefront.routes';
import { checkDomainRoute } from './domain.routes';
import {
  discardDraftRoute,
  getDesignRoute,
  listVersionsRoute,
  previewRoute,
  publishRoute,
  restoreVersionRoute,
  saveDraftRoute,
  uploadSiteImageRoute,
} from './design.routes';

/*
 * Money a buyer paid at the online shop's checkout pays their order as a payment link's would
 * (the order module's settlement), and brings them back to the shop's confirmation page.
 */
registerSettlement('checkout', {
  applySuccess: orderLinkSettlement.applySuccess,
  async returnLocation(db, payment, message) {
    const token = payment.orderId ? await findTrackingToken(db, payment.orderId) : null;
    const shop = await getShopById(db, payment.shopId);
    if (!token || !shop) return '/';
    return `/${shop.slug}/merci/${token}${message ? `?message=${message}` : ''}`;
  },
});

export { serveStorefront } from './serve';

export const routes: Route[] = [
  getSettingsRoute,
  updateSettingsRoute,
  listAbandonedCartsRoute,
  remindCartRoute,
  checkDomainRoute,
  getDesignRoute,
  saveDraftRoute,
  discardDraftRoute,
  publishRoute,
  listVersionsRoute,
  restoreVersionRoute,
  previewRoute,
  uploadSiteImageRoute,
];
