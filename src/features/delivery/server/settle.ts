import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { deliveries } from '@/server/db/schema/delivery';

/**
 * An order out with a rider that the shop marks « Livrée » or « Retournée » itself (its status
 * menu): its open delivery closes with it, so no rider's page, board or count keeps it open.
 * What the rider took is unknown then: nothing is counted in their cash.
 */
export async function settleOpenDelivery(
  tx: Executor,
  shopId: string,
  orderId: string,
  status: 'delivered' | 'returned',
): Promise<void> {
  await tx
    .update(deliveries)
    .set({
      status: status === 'delivered' ? 'delivered' : 'refused',
      reason: status === 'delivered' ? 'Marquée livrée par la boutique' : 'Retournée à la boutique',
      closedAt: new Date(),
    })
    .where(
      and(eq(deliveries.shopId, shopId), eq(deliveries.orderId, orderId), eq(deliveries.status, 'assigned')),
    );
}
