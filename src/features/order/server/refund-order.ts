import { changeStoreCredit } from '@/features/customer/server/figures';
import { refreshClientFigures } from './client-figures';
import { refundPoints } from '@/features/loyalty/server/ledger';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { orderLines, orderRefunds, orders } from '@/server/db/schema/order';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { formatMoney } from '@/shared/money';
import { MAX_AMOUNT, amountLimitMessage } from '@/shared/bounds';
import { changeStockBatch, notifyLowStock } from '@/features/product/server/stock';
import { paymentStatusOf, type TRefundOrderBody } from '../order.schemas';
import { addOrderEvent, findAdjustmentsOf, findLinesOf, lockOrder, type OrderRow } from './order.repository';

/**
 * A refund, full or partial by line: never more than was paid and not yet refunded, never more
 * units than a line has left; with `restock`, the units go back to stock (only those the order
 * still holds, so a later cancellation cannot give them back twice). Inside a transaction (a
 * till's refund op) it runs in a savepoint of it.
 */
export async function refundOrder(
  db: Executor,
  shop: { id: string; currency: string },
  userId: string,
  input: Omit<TRefundOrderBody, 'shopId'>,
): Promise<OrderRow> {
  const { order, crossings } = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, shop.id, input.orderId);
    if (!order) throw Errors.notFound('La commande');
    const refundable = order.paidAmount - order.refundedAmount;
    if (refundable <= 0) throw Errors.conflict('Cette commande n’a aucun paiement à rembourser.');

    const lines = await findLinesOf(tx, order.id);
    const byId = new Map(lines.map((l) => [l.id, l]));
    const errors: Record<string, string> = {};
    const seen = new Set<string>();
    input.lines.forEach((wanted, i) => {
      const line = byId.get(wanted.lineId);
      if (!line || seen.has(wanted.lineId)) {
        errors[`lines.${i}.lineId`] = line
          ? 'Cette ligne est déjà dans le remboursement.'
          : 'Cette ligne n’est pas dans la commande.';
        return;
      }
      seen.add(wanted.lineId);
      const left = line.quantity - line.refundedQuantity;
      if (wanted.quantity > left)
        errors[`lines.${i}.quantity`] =
          left === 0
            ? 'Cette ligne est déjà entièrement remboursée.'
            : `Au plus ${left} à rembourser sur cette ligne.`;
    });
    if (Object.keys(errors).length) throw Errors.validation(errors);

    // A line is worth what it was sold for: its total, less its share of the order discounts the
    // shop's discounts spread on it (the snapshot says where each landed).
    const orderShare = new Map<string, number>();
    for (const a of await findAdjustmentsOf(tx, order.id))
      if (a.type === 'order')
        for (const l of a.lines) orderShare.set(l.lineId, (orderShare.get(l.lineId) ?? 0) + l.amount);
    const linesValue = input.lines.reduce((sum, wanted) => {
      const line = byId.get(wanted.lineId)!;
      const worth = Math.max(0, line.total - (orderShare.get(line.id) ?? 0));
      return sum + Math.round((worth * wanted.quantity) / line.quantity);
    }, 0);
    const amount = input.amount ?? Math.min(linesValue, refundable);
    if (amount <= 0)
      throw Errors.validation({ amount: 'Indiquez le montant à rembourser ou les articles concernés.' });
    // Only an order stored before the bounds can be worth more: refunded in several amounts.
    if (amount > MAX_AMOUNT) throw Errors.validation({ amount: amountLimitMessage(shop.currency) });
    if (amount > refundable)
      throw Errors.validation({
        amount: `Le remboursement dépasse ce qui reste remboursable (${formatMoney(refundable, shop.currency)}).`,
      });

    // Given as store credit (« avoir »): no money leaves, the client holds it for a later order.
    if (input.method === 'store_credit') {
      if (!order.clientId)
        throw Errors.validation({ method: 'Un avoir se donne à un client : cette commande n’en a pas.' });
      await changeStoreCredit(tx, shop, order.clientId, amount, 'method');
    }
    // Given back as points: only what points paid, at the rate they were spent.
    if (input.method === 'loyalty') {
      if (!order.clientId)
        throw Errors.validation({ method: 'Des points se rendent à un client : cette commande n’en a pas.' });
      await refundPoints(tx, shop, {
        clientId: order.clientId,
        orderId: order.id,
        amount,
        userId,
        field: 'amount',
      });
    }

    const restocks = input.restock
      ? input.lines
          .map((wanted, i) => {
            const line = byId.get(wanted.lineId)!;
            return { line, i, units: Math.min(wanted.quantity, line.stockTaken - line.restockedQuantity) };
          })
          .filter((r) => r.units > 0)
      : [];
    const { crossings } = await changeStockBatch(
      tx,
      { shopId: shop.id, userId, reason: 'retour', note: `Commande #${order.number}` },
      restocks.map((r) => ({
        variantId: r.line.variantId,
        quantity: r.units,
        field: `lines.${r.i}.quantity`,
      })),
    );
    for (const wanted of input.lines) {
      const units = restocks.find((r) => r.line.id === wanted.lineId)?.units ?? 0;
      await tx
        .update(orderLines)
        .set({
          refundedQuantity: sql`${orderLines.refundedQuantity} + ${wanted.quantity}`,
          restockedQuantity: sql`${orderLines.restockedQuantity} + ${units}`,
        })
        .where(eq(orderLines.id, wanted.lineId));
    }
    await tx.insert(orderRefunds).values({
      id: newId(),
      shopId: shop.id,
      orderId: order.id,
      amount,
      method: input.method,
      lines: input.lines,
      isRestocked: restocks.length > 0,
      reason: input.reason,
      createdByUserId: userId,
    });
    const refundedAmount = order.refundedAmount + amount;
    const [updated] = await tx
      .update(orders)
      .set({
        refundedAmount,
        paymentStatus: paymentStatusOf({ ...order, refundedAmount }),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id))
      .returning();
    await refreshClientFigures(tx, order.shopId, order.clientId);
    await addOrderEvent(tx, order, userId, 'refund', {
      amount,
      method: input.method,
      restocked: restocks.reduce((n, r) => n + r.units, 0),
      lines: input.lines.map((w) => ({ name: byId.get(w.lineId)!.productName, quantity: w.quantity })),
      reason: input.reason || null,
    });
    return { order: updated!, crossings };
  });
  await notifyLowStock(db, crossings);
  return order;
}
