import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { deliveries, deliveryRiders } from '@/server/db/schema/delivery';
import { Errors } from '@/server/http/errors';
import { findOrdersForDelivery } from '@/features/order/server/delivery-facts';
import type { TRunSheet } from '../delivery.schemas';
import { zoneOfAddresses } from './board';

/**
 * A rider's run sheet (« feuille de route »): what they carry now, zone by zone, with where to go,
 * whom to call and what to collect — printed, or shared on WhatsApp, before they leave.
 */
export async function runSheet(db: Executor, shopId: string, riderId: string): Promise<TRunSheet> {
  const [rider] = await db
    .select({ id: deliveryRiders.id, name: deliveryRiders.name, phone: deliveryRiders.phone })
    .from(deliveryRiders)
    .where(and(eq(deliveryRiders.shopId, shopId), eq(deliveryRiders.id, riderId)));
  if (!rider) throw Errors.notFound('Le livreur');
  const open = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.riderId, rider.id), eq(deliveries.status, 'assigned')))
    .orderBy(asc(deliveries.assignedAt), asc(deliveries.id));
  const orders = await findOrdersForDelivery(
    db,
    shopId,
    open.map((d) => d.orderId),
  );
  const zoneOf = await zoneOfAddresses(
    db,
    shopId,
    [...orders.values()].map((o) => o.deliveryAddress),
  );
  const items = open.flatMap((d) => {
    const order = orders.get(d.orderId);
    if (!order || order.fulfilmentStatus !== 'shipping') return [];
    const a = order.deliveryAddress;
    const zone = zoneOf(a);
    return [
      {
        deliveryId: d.id,
        orderId: order.id,
        number: order.number,
        clientName: order.clientName,
        clientPhone: order.clientPhone,
        place: a ? [a.quartier, a.commune].filter(Boolean).join(', ') : '',
        landmark: a?.indications ?? '',
        amountDue: d.amountDue,
        zone: zone?.name ?? null,
        assignedAt: d.assignedAt.toISOString(),
      },
    ];
  });
  // Zone by zone, so the rider's round follows the map; the order handed first leads in a zone.
  items.sort(
    (x, y) =>
      (x.zone ?? '\uffff').localeCompare(y.zone ?? '\uffff') || x.assignedAt.localeCompare(y.assignedAt),
  );
  return { rider, items };
}
