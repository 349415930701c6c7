import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { deliveryZoneAreas, deliveryZones } from '@/server/db/schema/delivery';
import { placeKey } from '@/shared/places';
import type { TQuote } from '../delivery.schemas';
import { areaKey } from './zones';
import { getDeliverySettings } from './settings';
import { distanceKm, parsePosition } from '@/shared/geo';

export interface DeliveryPlace {
  commune: string;
  quartier: string;
  /** A GPS pin (« lat,lng » or a maps link), for the distance fee outside every zone. */
  position?: string;
}

/**
 * An address in no zone but with a pin: the first of the shop's distance tiers it falls within,
 * as a zone of its own named by the distance (« À 4,2 km de la boutique »). None past the last tier.
 */
async function distanceQuote(db: Executor, shopId: string, position: string): Promise<TQuote | null> {
  const to = parsePosition(position);
  if (!to) return null;
  const settings = await getDeliverySettings(db, shopId);
  const from = parsePosition(settings.originPosition);
  if (!from || settings.distanceTiers.length === 0) return null;
  const km = distanceKm(from, to);
  const tier = settings.distanceTiers.find((t) => km <= t.upToKm);
  if (!tier) return null;
  const label = km.toLocaleString('fr-FR', { maximumFractionDigits: 1 });
  return {
    zone: {
      id: `distance-${tier.upToKm}`,
      name: `À ${label} km de la boutique`,
      fee: tier.fee,
      freeFrom: null,
      minOrder: null,
      delay: '',
    },
    fee: tier.fee,
    isFree: false,
    isBelowMinimum: false,
  };
}

/**
 * The fee of an address, from the shop's active zones: a zone holding its quartier wins over one
 * holding its whole commune. Free when the articles reach the zone's threshold. One index lookup
 * (the areas' unique key), however many zones the shop has. No zone: the distance tiers for an
 * address with a GPS pin, else no fee known (null).
 */
export async function quoteDelivery(
  db: Executor,
  shopId: string,
  place: DeliveryPlace,
  goods: number,
): Promise<TQuote> {
  const none: TQuote = { zone: null, fee: null, isFree: false, isBelowMinimum: false };
  const byDistance = async () =>
    place.position ? ((await distanceQuote(db, shopId, place.position)) ?? none) : none;
  if (!placeKey(place.commune)) return byDistance();
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
  if (!row) return byDistance();
  const { key: _key, ...zone } = row;
  const isFree = zone.freeFrom !== null && goods >= zone.freeFrom;
  return {
    zone,
    fee: isFree ? 0 : zone.fee,
    isFree,
    isBelowMinimum: zone.minOrder !== null && goods < zone.minOrder,
  };
}
