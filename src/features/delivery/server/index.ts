import type { Route } from '@/server/http/define-route';
import {
  addStarterZonesRoute,
  createPickupPointRoute,
  createZoneRoute,
  deletePickupPointRoute,
  deleteZoneRoute,
  listPickupPointsRoute,
  listZonesRoute,
  quoteRoute,
  updatePickupPointRoute,
  listRidersRoute,
  createRiderRoute,
  updateRiderRoute,
  updateZoneRoute,
  assignOrderRoute,
  orderDeliveryRoute,
} from './delivery.routes';
import * as runs from './runs.routes';

export { quoteDelivery, type DeliveryPlace } from './quote';
export { addStarterZones, createZone, hasDeliveryZones } from './zones';
export { createPickupPoint } from './pickup-points';
export { createRider } from './riders';
export { assignOrder } from './assign';
export { listRiders } from './riders';
export { createRiderLink } from './rider-link';
export { shopDay } from './ledger';
export { closePastDays, recordPastDelivery, recordPastRemittance } from './past-runs';

export const routes: Route[] = [
  listZonesRoute,
  createZoneRoute,
  updateZoneRoute,
  deleteZoneRoute,
  addStarterZonesRoute,
  quoteRoute,
  listPickupPointsRoute,
  createPickupPointRoute,
  updatePickupPointRoute,
  deletePickupPointRoute,
  listRidersRoute,
  createRiderRoute,
  updateRiderRoute,
  assignOrderRoute,
  orderDeliveryRoute,
  runs.getSettingsRoute,
  runs.updateSettingsRoute,
  runs.reportRoute,
  runs.getRiderLinkRoute,
  runs.createRiderLinkRoute,
  runs.revokeRiderLinkRoute,
  runs.sendRiderLinkRoute,
  runs.cashSummaryRoute,
  runs.riderLedgerRoute,
  runs.recordRemittanceRoute,
  runs.closeDayRoute,
  runs.sendTrackingRoute,
  runs.boardRoute,
  runs.assignManyRoute,
  runs.runSheetRoute,
  runs.figuresRoute,
];
