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

export { quoteDelivery, type DeliveryPlace } from './quote';
export { addStarterZones, createZone, hasDeliveryZones } from './zones';
export { createPickupPoint } from './pickup-points';
export { createRider } from './riders';

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
];
