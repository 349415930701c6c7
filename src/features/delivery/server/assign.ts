import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { deliveries, deliveryRiders } from '@/server/db/schema/delivery';
import { Errors } from '@/server/http/errors';
import { newId } from '@/server/ids';
import { frenchTypography as fr } from '@/shared/typography';
import { sendOrderOut } from '@/features/order/server/send-order-out';
import type { TOrderDelivery } from '../delivery.schemas';

async function openDelivery(db: Executor, shopId: string, orderId: string): Promise<TOrderDelivery | null> {
  const [row] = await db
    .select({
      id: deliveries.id,
      orderId: deliveries.orderId,
      status: deliveries.status,
      amountDue: deliveries.amountDue,
      assignedAt: deliveries.assignedAt,
      riderId: deliveryRiders.id,
      riderName: deliveryRiders.name,
      riderPhone: deliveryRiders.phone,
    })
    .from(deliveries)
    .innerJoin(deliveryRiders, eq(deliveryRiders.id, deliveries.riderId))
    .where(
      and(eq(deliveries.shopId, shopId), eq(deliveries.orderId, orderId), eq(deliveries.status, 'assigned')),
    );
  if (!row) return null;
  return {
    id: row.id,
    orderId: row.orderId,
    status: row.status,
    amountDue: row.amountDue,
    assignedAt: row.assignedAt.toISOString(),
    rider: { id: row.riderId, name: row.riderName, phone: row.riderPhone },
  };
}

/** The rider an order is out with, if any (the order page's « Livraison »). */
export const findOrderDelivery = openDelivery;

/**
 * Hands an order to a rider, all or nothing: the rider (active, of the shop), the order moved to
 * « En livraison » by the order module, and the one open delivery of the order made or moved to
 * this rider, with what they must collect. The same rider again changes nothing.
 */
export async function assignOrder(
  db: Database,
  shopId: string,
  userId: string,
  input: { orderId: string; riderId: string },
): Promise<TOrderDelivery> {
  await db.transaction(async (tx) => {
    const [rider] = await tx
      .select({ id: deliveryRiders.id, name: deliveryRiders.name, isActive: deliveryRiders.isActive })
      .from(deliveryRiders)
      .where(and(eq(deliveryRiders.shopId, shopId), eq(deliveryRiders.id, input.riderId)));
    if (!rider) throw Errors.notFound('Le livreur');
    if (!rider.isActive)
      throw Errors.validation({
        riderId: fr(`${rider.name} est inactif : réactivez-le dans « Livreurs » ou choisissez-en un autre.`),
      });
    const open = await openDelivery(tx, shopId, input.orderId);
    if (open?.rider.id === rider.id) return;
    const { due } = await sendOrderOut(tx, shopId, userId, input.orderId, rider);
    // Read again under the order's row lock (sendOrderOut took it): two agents handing the order
    // out at once are serialised there, and the second moves the delivery the first one made.
    const current = await openDelivery(tx, shopId, input.orderId);
    if (current)
      await tx
        .update(deliveries)
        .set({ riderId: rider.id, amountDue: due, assignedAt: new Date(), assignedByUserId: userId })
        .where(eq(deliveries.id, current.id));
    else
      await tx.insert(deliveries).values({
        id: newId(),
        shopId,
        orderId: input.orderId,
        riderId: rider.id,
        amountDue: due,
        assignedByUserId: userId,
      });
  });
  return (await openDelivery(db, shopId, input.orderId))!;
}
