import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db';
import { orderLines, orders } from '@/server/db/schema/order';
import { AppError, Errors } from '@/server/http/errors';
import { formatMoney } from '@/shared/money';
import { changeStockBatch, notifyLowStock } from '@/features/product/server/stock';
import { lockVariantsForSale, variantLabel } from '@/features/product/server/variants-for-sale';
import {
  FULFILMENT_LABELS,
  isOrderEditable,
  paymentStatusOf,
  type FulfilmentStatus,
  type TUpdateOrderBody,
} from '../order.schemas';
import { addOrderEvent, findLinesOf, lockOrder, type OrderRow } from './order.repository';
import { orderLineRows, orderTotals, priceLines } from './order-lines';

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
        `Une commande « ${FULFILMENT_LABELS[status]} » ne peut plus être modifiée.`,
      );
    if (order.refundedAmount > 0)
      throw new AppError('NOT_EDITABLE', 409, 'Une commande remboursée ne peut plus être modifiée.');

    const oldLines = await findLinesOf(tx, order.id);
    const variants = await lockVariantsForSale(tx, shop.id, [
      ...oldLines.map((l) => l.variantId),
      ...input.lines.map((l) => l.variantId),
    ]);
    const kept = new Map(oldLines.map((l) => [l.variantId, { unitPrice: l.unitPrice }]));
    const priced = priceLines(variants, input.lines, shop.currency, kept);
    const totals = orderTotals(priced, input, shop.currency);
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
    const { crossings } = await changeStockBatch(
      tx,
      {
        shopId: shop.id,
        userId,
        reason: 'vente',
        note: `Commande #${order.number}`,
        lockedVariantIds: variants,
      },
      [...taken].map(([variantId, more]) => ({
        variantId,
        quantity: -more,
        label: variantLabel(variants.get(variantId)!),
        field: 'lines',
      })),
    );

    await tx.delete(orderLines).where(eq(orderLines.orderId, order.id));
    await tx
      .insert(orderLines)
      .values(orderLineRows(priced).map((row) => ({ ...row, shopId: shop.id, orderId: order.id })));
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
