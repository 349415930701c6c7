import { and, desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { deliveries, deliveryRiders } from '@/server/db/schema/delivery';
import { Errors } from '@/server/http/errors';
import { newId } from '@/server/ids';
import { frenchTypography as fr } from '@/shared/typography';
import { sendOrderOut } from '@/features/order/server/send-order-out';
import type { TOrderDelivery } from '../delivery.schemas';
import type { CollectMethod } from '../outcomes';
import { getDeliverySettings } from './settings';
import { newShortCode } from './secrets';
import { ensureTracking, sendTrackingSms, trackingUrl, type TrackingSmsResult } from './tracking';

const deliveryColumns = {
  id: deliveries.id,
  orderId: deliveries.orderId,
  status: deliveries.status,
  amountDue: deliveries.amountDue,
  proofCode: deliveries.proofCode,
  assignedAt: deliveries.assignedAt,
  collectedAmount: deliveries.collectedAmount,
  collectedMethod: deliveries.collectedMethod,
  reason: deliveries.reason,
  closedAt: deliveries.closedAt,
  riderId: deliveryRiders.id,
  riderName: deliveryRiders.name,
  riderPhone: deliveryRiders.phone,
};

type DeliveryRow = Pick<
  typeof deliveries.$inferSelect,
  | 'id'
  | 'orderId'
  | 'status'
  | 'amountDue'
  | 'proofCode'
  | 'assignedAt'
  | 'collectedAmount'
  | 'collectedMethod'
  | 'reason'
  | 'closedAt'
> & { riderId: string; riderName: string; riderPhone: string };

function toDelivery(row: DeliveryRow): TOrderDelivery {
  return {
    id: row.id,
    orderId: row.orderId,
    status: row.status,
    amountDue: row.amountDue,
    proofCode: row.proofCode,
    assignedAt: row.assignedAt.toISOString(),
    collectedAmount: row.collectedAmount,
    collectedMethod: row.collectedMethod as CollectMethod | null,
    reason: row.reason,
    closedAt: row.closedAt?.toISOString() ?? null,
    rider: { id: row.riderId, name: row.riderName, phone: row.riderPhone },
  };
}

async function openDelivery(db: Executor, shopId: string, orderId: string): Promise<TOrderDelivery | null> {
  const [row] = await db
    .select(deliveryColumns)
    .from(deliveries)
    .innerJoin(deliveryRiders, eq(deliveryRiders.id, deliveries.riderId))
    .where(
      and(eq(deliveries.shopId, shopId), eq(deliveries.orderId, orderId), eq(deliveries.status, 'assigned')),
    );
  return row ? toDelivery(row) : null;
}

/** The order's delivery, open or the last one closed (the order page's « Livraison »), if any. */
export async function findOrderDelivery(
  db: Executor,
  shopId: string,
  orderId: string,
): Promise<TOrderDelivery | null> {
  const [row] = await db
    .select(deliveryColumns)
    .from(deliveries)
    .innerJoin(deliveryRiders, eq(deliveryRiders.id, deliveries.riderId))
    .where(and(eq(deliveries.shopId, shopId), eq(deliveries.orderId, orderId)))
    .orderBy(desc(deliveries.assignedAt), desc(deliveries.id))
    .limit(1);
  return row ? toDelivery(row) : null;
}

/** A delivery of the shop by id, with its rider. */
export async function findDelivery(db: Executor, shopId: string, id: string): Promise<TOrderDelivery | null> {
  const [row] = await db
    .select(deliveryColumns)
    .from(deliveries)
    .innerJoin(deliveryRiders, eq(deliveryRiders.id, deliveries.riderId))
    .where(and(eq(deliveries.shopId, shopId), eq(deliveries.id, id)));
  return row ? toDelivery(row) : null;
}

/**
 * Hands an order to a rider, all or nothing: the rider (active, of the shop), the order moved to
 * « En livraison » by the order module, and the one open delivery of the order made or moved to
 * this rider, with what they must collect and, when the shop asks for it, the code the customer
 * will give them. The same rider again changes nothing. A delivery made (not moved) then texts
 * the customer their code and tracking link; that SMS failing does not undo the hand-over.
 */
export async function assignOrder(
  db: Database,
  shopId: string,
  userId: string,
  input: { orderId: string; riderId: string },
  /** `notify: false`: no SMS to the customer (the demo's seed). */
  options: { notify?: boolean } = {},
): Promise<TOrderDelivery & { trackingSms: TrackingSmsResult; trackingUrl: string }> {
  const made = await db.transaction(async (tx) => {
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
    if (open?.rider.id === rider.id) return false;
    const { due } = await sendOrderOut(tx, shopId, userId, input.orderId, rider);
    // Read again under the order's row lock (sendOrderOut took it): two agents handing the order
    // out at once are serialised there, and the second moves the delivery the first one made.
    const current = await openDelivery(tx, shopId, input.orderId);
    if (current) {
      await tx
        .update(deliveries)
        .set({ riderId: rider.id, amountDue: due, assignedAt: new Date(), assignedByUserId: userId })
        .where(eq(deliveries.id, current.id));
      return false;
    }
    const { isProofCodeRequired } = await getDeliverySettings(tx, shopId);
    await tx.insert(deliveries).values({
      id: newId(),
      shopId,
      orderId: input.orderId,
      riderId: rider.id,
      amountDue: due,
      proofCode: isProofCodeRequired ? newShortCode() : null,
      assignedByUserId: userId,
    });
    return true;
  });
  const delivery = (await openDelivery(db, shopId, input.orderId))!;
  const token = await ensureTracking(db, shopId, input.orderId);
  const trackingSms =
    made && options.notify !== false ? await sendTrackingSms(db, shopId, delivery, token) : 'not_sent';
  return { ...delivery, trackingSms, trackingUrl: trackingUrl(token) };
}
