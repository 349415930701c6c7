import { refreshClientFigures } from './client-figures';
import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db';
import { orderAdjustments, orderLines, orders } from '@/server/db/schema/order';
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
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { findCustomerById } from '@/features/customer/server/customers';
import { releaseDiscountUses } from '@/features/discount/server';
import { addOrderEvent, findAdjustmentsOf, findLinesOf, lockOrder, type OrderRow } from './order.repository';
import { orderLineRows, orderTotals, priceLines } from './order-lines';
import { listingChannelOfOrder } from '@/features/product/product.constants';
import { applyAdjustments, keepOrderAdjustments, manualOrderDiscounts } from './order-discounts';
import type { OrderChannel } from '../order.schemas';

/**
 * Lines, quantities, discounts and fee of an order that has not left the shop; the stock moves by
 * the difference only. Prices already on the order stay as they were sold. The shop's discounts are
 * priced again, as for a new order, with the codes given (or those the order had): the uses it
 * counted are given back first, so its own use never counts against a limit.
 */
export async function updateOrder(
  db: Database,
  shop: ShopRow,
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
    // A line added to the order is priced as its channel sells it; the others keep their price.
    const variants = await lockVariantsForSale(
      tx,
      shop.id,
      [...oldLines.map((l) => l.variantId), ...input.lines.map((l) => l.variantId)],
      listingChannelOfOrder(order.channel),
    );
    const kept = new Map(oldLines.map((l) => [l.variantId, { unitPrice: l.unitPrice }]));
    const priced = priceLines(variants, input.lines, shop.currency, kept);
    const codes = input.discountCodes ?? [
      ...new Set((await findAdjustmentsOf(tx, order.id)).flatMap((a) => (a.code ? [a.code] : []))),
    ];
    await releaseDiscountUses(tx, shop.id, order);
    const draft = {
      shop,
      channel: order.channel as OrderChannel,
      client: order.clientId ? await findCustomerById(tx, shop.id, order.clientId) : null,
      lines: priced,
      orderDiscount: input.orderDiscount,
      deliveryAddress: input.deliveryAddress,
    };
    const discounts = await manualOrderDiscounts(codes)(tx, draft, input.deliveryFee);
    const deliveryFee = applyAdjustments(draft, discounts.adjustments, input.deliveryFee);
    const totals = orderTotals(priced, { orderDiscount: draft.orderDiscount, deliveryFee }, shop.currency);
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

    await tx.delete(orderAdjustments).where(eq(orderAdjustments.orderId, order.id));
    await tx.delete(orderLines).where(eq(orderLines.orderId, order.id));
    const lineRows = orderLineRows(priced);
    await tx
      .insert(orderLines)
      .values(lineRows.map((row) => ({ ...row, shopId: shop.id, orderId: order.id })));
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
    await keepOrderAdjustments(
      tx,
      updated!,
      lineRows.map((l) => l.id),
      discounts,
      userId,
    );
    await addOrderEvent(tx, order, userId, 'edit', { totalBefore: order.total, totalAfter: totals.total });
    await refreshClientFigures(tx, shop.id, order.clientId, updated!.clientId);
    return { order: updated!, crossings };
  });
  await notifyLowStock(db, crossings);
  return order;
}
