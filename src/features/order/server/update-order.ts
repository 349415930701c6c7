import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db';
import { orderLines, orders } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { AppError, Errors } from '@/server/http/errors';
import { formatMoney } from '@/shared/money';
import { notifyLowStock } from '@/features/product/server/stock';
import {
  FULFILMENT_LABELS,
  isOrderEditable,
  paymentStatusOf,
  type FulfilmentStatus,
  type TUpdateOrderBody,
} from '../order.schemas';
import {
  addOrderEvent,
  findLinesOf,
  lockOrder,
  lockSellableVariants,
  type OrderRow,
} from './order.repository';
import { moveOrderStock, priceLines } from './order-lines';

/**
 * Lines, quantities, discounts and fee of an order that has not left the shop; the stock moves by
 * the difference only. Prices already on the order stay as they were sold.
 */
export async function updateOrder(
  db: Database,
  shop: { id: string; currency: string },
  userId: string,
  input: Omit<TUpdateOrderBody, 'shopId'>,
): Promise<OrderRow> {
  const { order, crossings } = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, shop.id, input.orderId);
    if (!order) throw Errors.notFound('La commande');
    const status = order.fulfilmentStatus as FulfilmentStatus;
    if (!isOrderEditable(status))
      throw new AppError(
        'NOT_EDITABLE',
        409,
        `Une commande « ${FULFILMENT_LABELS[status]} » ne peut plus être modifiée.`,
      );
    if (order.refundedAmount > 0)
      throw new AppError('NOT_EDITABLE', 409, 'Une commande remboursée ne peut plus être modifiée.');

    const oldLines = await findLinesOf(tx, order.id);
    const variants = await lockSellableVariants(tx, shop.id, [
      ...oldLines.map((l) => l.variantId),
      ...input.lines.map((l) => l.variantId),
    ]);
    const kept = new Map(oldLines.map((l) => [l.variantId, { unitPrice: l.unitPrice }]));
    const { priced, totals } = priceLines(variants, input.lines, input, kept);
    if (totals.total < order.paidAmount)
      throw Errors.validation({
        lines: `Le nouveau total ne peut pas être inférieur au montant déjà payé (${formatMoney(order.paidAmount, shop.currency)}).`,
      });

    const taken = new Map<string, number>();
    for (const line of oldLines)
      taken.set(line.variantId, (taken.get(line.variantId) ?? 0) - line.stockTaken);
    for (const line of priced)
      if (line.variant.trackStock)
        taken.set(line.variant.id, (taken.get(line.variant.id) ?? 0) + line.quantity);
    const { crossings } = await moveOrderStock(
      tx,
      { shopId: shop.id, userId, note: `Commande #${order.number}` },
      [...taken].map(([variantId, more]) => ({ variant: variants.get(variantId)!, delta: -more })),
      'vente',
    );

    await tx.delete(orderLines).where(eq(orderLines.orderId, order.id));
    await tx.insert(orderLines).values(
      priced.map((line, position) => ({
        id: newId(),
        shopId: shop.id,
        orderId: order.id,
        variantId: line.variant.id,
        productId: line.variant.productId,
        productName: line.variant.productName,
        variantName: line.variant.optionValues.join(' / '),
        sku: line.variant.sku,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        lineDiscount: line.lineDiscount,
        total: line.total,
        stockTaken: line.variant.trackStock ? line.quantity : 0,
        position,
      })),
    );
    const [updated] = await tx
      .update(orders)
      .set({
        ...totals,
        deliveryAddress: input.deliveryAddress,
        paymentStatus: paymentStatusOf({ ...order, total: totals.total }),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id))
      .returning();
    await addOrderEvent(tx, order, userId, 'edit', { totalBefore: order.total, totalAfter: totals.total });
    return { order: updated!, crossings };
  });
  await notifyLowStock(db, crossings);
  return order;
}
