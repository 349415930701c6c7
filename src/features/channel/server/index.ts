import type { Route } from '@/server/http/define-route';
import * as channel from './channel.routes';

export { shopWhatsappPhone } from './settings';

export const routes: Route[] = [
  channel.overviewRoute,
  channel.getSettingsRoute,
  channel.updateSettingsRoute,
  channel.renewFeedSecretRoute,
  channel.listingsRoute,
  channel.getListingRoute,
  channel.saveListingRoute,
  channel.pasteOrderRoute,
  channel.pasteReadyRoute,
  channel.shareRoute,
  channel.statusCardRoute,
  channel.orderMessagesRoute,
  channel.sendOrderMessageRoute,
  channel.checkFeedsRoute,
  channel.feedRoute,
];
