import { refreshClientFigures } from './client-figures';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { orderLines, orders } from '@/server/db/schema/order';
import { AppError, Errors } from '@/server/http/errors';
import { frenchTypography } from '@/shared/typography';
import { changeStockBatch, notifyLowStock, type LowStockCrossing } from '@/features/product/server/stock';
import { FULFILMENT_LABELS, allowedFulfilmentMoves, type FulfilmentStatus } from '../order.schemas';
import { addOrderEvent, findLinesOf, lockOrder, type OrderRow } from './order.repository';
import { settleOpenDelivery } from '@/features/delivery/server/settle';

/**
 * Gives back what the order still holds of the stock (taken minus what refunds already put back),
 * once: the flag is set in the same transaction, under the order's row lock.
 */
async function returnOrderStock(
  tx: Executor,
  order: OrderRow,
  userId: string | null,
): Promise<LowStockCrossing[]> {
  if (order.isStockReturned) return [];
  const lines = await findLinesOf(tx, order.id);
  const moves = lines
    .map((line) => ({
      variantId: line.variantId,
      quantity: line.stockTaken - line.restockedQuantity,
      lineId: line.id,
      // Giving back what would carry a stock past its bound is refused on the status asked.
      field: 'status',
    }))
    .filter((m) => m.quantity > 0);
  const { crossings } = await changeStockBatch(
    tx,
    { shopId: order.shopId, userId, reason: 'retour', note: `Commande #${order.number}` },
    moves,
  );
  for (const move of moves)
    await tx
      .update(orderLines)
      .set({ restockedQuantity: sql`${orderLines.restockedQuantity} + ${move.quantity}` })
      .where(eq(orderLines.id, move.lineId));
  await tx.update(orders).set({ isStockReturned: true }).where(eq(orders.id, order.id));
  return crossings;
}

/**
 * One status move inside the caller's transaction (the order locked, the timeline written). No
 * user: someone without an account moved it (a rider, from their link).
 */
export async function moveOrder(
  tx: Executor,
  shopId: string,
  userId: string | null,
  orderId: string,
  status: FulfilmentStatus,
): Promise<{ order: OrderRow; crossings: LowStockCrossing[] }> {
  const order = await lockOrder(tx, shopId, orderId);
  if (!order) throw Errors.notFound('La commande');
  const from = order.fulfilmentStatus as FulfilmentStatus;
  if (!allowedFulfilmentMoves(from).includes(status))
    throw new AppError(
      'INVALID_TRANSITION',
      409,
      `Une commande « ${FULFILMENT_LABELS[from]} » ne peut pas passer à « ${FULFILMENT_LABELS[status]} ».`,
    );
  const crossings =
    status === 'cancelled' || status === 'returned' ? await returnOrderStock(tx, order, userId) : [];
  const [updated] = await tx
    .update(orders)
    .set({ fulfilmentStatus: status, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  await addOrderEvent(tx, order, userId, 'status', { from, to: status });
  // Cancelled or sent back, an order leaves the client's figures (and back, should it return).
  if (status === 'cancelled' || status === 'returned') await refreshClientFigures(tx, shopId, order.clientId);
  return { order: updated!, crossings };
}

export async function changeOrderStatus(
  db: Database,
  shopId: string,
  userId: string,
  orderId: string,
  status: FulfilmentStatus,
): Promise<OrderRow> {
  const { order, crossings } = await db.transaction(async (tx) => {
    const moved = await moveOrder(tx, shopId, userId, orderId, status);
    // Settled by hand while out with a rider: Livraison closes the rider's delivery too.
    if (status === 'delivered' || status === 'returned')
      await settleOpenDelivery(tx, shopId, orderId, status);
    return moved;
  });
  await notifyLowStock(db, crossings);
  return order;
}

export interface BulkStatusResult {
  orderId: string;
  number: number | null;
  isDone: boolean;
  error: string | null;
}

/**
 * The list's bulk action: each order moves in its own transaction, so one that may not move (its
 * status forbids it) is reported without holding back the others.
 */
export async function bulkChangeOrderStatus(
  db: Database,
  shopId: string,
  userId: string,
  orderIds: string[],
  status: FulfilmentStatus,
): Promise<BulkStatusResult[]> {
  const results: BulkStatusResult[] = [];
  for (const orderId of [...new Set(orderIds)]) {
    try {
      const order = await changeOrderStatus(db, shopId, userId, orderId, status);
      results.push({ orderId, number: order.number, isDone: true, error: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Shown as is by the list, so typeset like the messages of refused requests.
      results.push({ orderId, number: null, isDone: false, error: frenchTypography(error.message) });
    }
  }
  return results;
}
