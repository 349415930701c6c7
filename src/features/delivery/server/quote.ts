import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { deliveryZoneAreas, deliveryZones } from '@/server/db/schema/delivery';
import { placeKey } from '@/shared/places';
import type { TQuote } from '../delivery.schemas';
import { areaKey } from './zones';

export interface DeliveryPlace {
  commune: string;
  quartier: string;
}

/**
 * The fee of an address, from the shop's active zones: a zone holding its quartier wins over one
 * holding its whole commune. Free when the articles reach the zone's threshold. One index lookup
 * (the areas' unique key), however many zones the shop has. No zone: no fee known (null).
 */
export async function quoteDelivery(
  db: Executor,
  shopId: string,
  place: DeliveryPlace,
  goods: number,
): Promise<TQuote> {
  const none: TQuote = { zone: null, fee: null, isFree: false, isBelowMinimum: false };
  if (!placeKey(place.commune)) return none;
  const exact = areaKey(place.commune, place.quartier);
  const whole = areaKey(place.commune, '');
  const rows = await db
    .select({
      key: deliveryZoneAreas.key,
      id: deliveryZones.id,
      name: deliveryZones.name,
      fee: deliveryZones.fee,
      freeFrom: deliveryZones.freeFrom,
      minOrder: deliveryZones.minOrder,
      delay: deliveryZones.delay,
    })
    .from(deliveryZoneAreas)
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryZoneAreas.zoneId))
    .where(
      and(
        eq(deliveryZoneAreas.shopId, shopId),
        inArray(deliveryZoneAreas.key, [...new Set([exact, whole])]),
        eq(deliveryZones.isActive, true),
      ),
    );
  const row = rows.find((r) => r.key === exact) ?? rows.find((r) => r.key === whole);
  if (!row) return none;
  const { key: _key, ...zone } = row;
  const isFree = zone.freeFrom !== null && goods >= zone.freeFrom;
  return {
    zone,
    fee: isFree ? 0 : zone.fee,
    isFree,
    isBelowMinimum: zone.minOrder !== null && goods < zone.minOrder,
  };
}
