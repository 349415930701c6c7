import type { Database } from '@/server/db';
import { inArray } from 'drizzle-orm';
import { orderLines, orders, stockMovements } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { isUniqueViolation } from '@/server/db/pg-errors';
import { PLANS, effectivePlan } from '@/shared/plans';
import { formatMoney } from '@/shared/money';
import type { MembershipRow } from '@/features/agent/server/agent.repository';
import { notifyLowStock, type LowStockCrossing } from '@/features/product/server/stock';
import { createNotification } from '@/features/notification/server/create-notification';
import { findClientById, findOrCreateClient, type ClientRow } from '@/features/client/server/clients';
import { paymentStatusOf, type OrderChannel, type TCreateOrderBody } from '../order.schemas';
import {
  addOrderEvent,
  findOrderByIdempotencyKey,
  lockSellableVariants,
  orderSearchText,
  quotaMonthOf,
  takeOrderNumber,
  type OrderRow,
} from './order.repository';
import { moveOrderStock, priceLines, variantLabel } from './order-lines';
import { recordPayment } from './order-payments';

export type CreateOrderInput = Omit<TCreateOrderBody, 'shopId' | 'channel'> & { channel: OrderChannel };

function ordersQuotaMessage(planLabel: string, max: number): string {
  return `Votre forfait ${planLabel} autorise ${max.toLocaleString('fr-FR')} commandes par mois. Passez à un forfait supérieur pour en recevoir davantage.`;
}

/**
 * One order, all or nothing: its number, the quota, the client, the lines priced from the
 * catalogue, the stock taken, a first payment and the timeline's first entry, in one transaction.
 * The same idempotency key answers the order it already made.
 */
export async function createOrder(
  db: Database,
  membership: MembershipRow,
  userId: string,
  input: CreateOrderInput,
): Promise<OrderRow> {
  const shop = membership.shop;
  if (input.idempotencyKey) {
    const earlier = await findOrderByIdempotencyKey(db, shop.id, input.idempotencyKey);
    if (earlier) return earlier;
  }
  let result: { order: OrderRow; crossings: LowStockCrossing[] };
  try {
    result = await db.transaction(async (tx) => {
      let client: ClientRow | null = null;
      if (input.clientId) {
        client = await findClientById(tx, shop.id, input.clientId);
        if (!client) throw Errors.validation({ clientId: "Ce client n'existe pas dans la boutique." });
      } else if (input.newClient) {
        client = await findOrCreateClient(tx, shop, input.newClient, 'newClient.');
      }

      const variants = await lockSellableVariants(
        tx,
        shop.id,
        input.lines.map((l) => l.variantId),
      );
      const { priced, totals } = priceLines(variants, input.lines, input);
      if (input.payment && input.payment.amount > totals.total)
        throw Errors.validation({ 'payment.amount': 'Le paiement dépasse le total de la commande.' });

      const orderId = newId();
      const { crossings, movementIds } = await moveOrderStock(
        tx,
        { shopId: shop.id, userId, note: null },
        priced.filter((l) => l.variant.trackStock).map((l) => ({ variant: l.variant, delta: -l.quantity })),
        'vente',
      );

      // The number (and the month's count) is taken last: the counter row serialises the shop's
      // orders from here to the commit, so everything above runs concurrently.
      const { number, monthCount } = await takeOrderNumber(tx, shop.id, quotaMonthOf(shop.timeZone));
      const plan = PLANS[effectivePlan(shop)];
      if (plan.maxOrdersPerMonth !== 'infinity' && monthCount > plan.maxOrdersPerMonth)
        throw Errors.quotaExceeded(ordersQuotaMessage(plan.label, plan.maxOrdersPerMonth));
      if (movementIds.length)
        await tx
          .update(stockMovements)
          .set({ note: `Commande #${number}` })
          .where(inArray(stockMovements.id, movementIds));

      const [order] = await tx
        .insert(orders)
        .values({
          id: orderId,
          shopId: shop.id,
          number,
          channel: input.channel,
          clientId: client?.id ?? null,
          clientName: client?.name ?? null,
          clientPhone: client?.phone ?? null,
          ...totals,
          paymentStatus: paymentStatusOf({ total: totals.total, paidAmount: 0, refundedAmount: 0 }),
          deliveryAddress: input.deliveryAddress,
          clientNote: input.clientNote,
          idempotencyKey: input.idempotencyKey ?? null,
          searchText: orderSearchText(client?.name ?? null, client?.phone ?? null),
          createdByUserId: userId,
        })
        .returning();
      await tx.insert(orderLines).values(
        priced.map((line, position) => ({
          id: newId(),
          shopId: shop.id,
          orderId,
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
      await addOrderEvent(tx, order!, userId, 'created', {
        channel: input.channel,
        total: totals.total,
        lines: priced.map((l) => ({ name: variantLabel(l.variant), quantity: l.quantity })),
      });
      if (input.internalNote) await addOrderEvent(tx, order!, userId, 'note', { note: input.internalNote });
      const saved = input.payment
        ? await recordPayment(tx, order!, userId, { ...input.payment, isOnline: false })
        : order!;
      return { order: saved, crossings };
    });
  } catch (error) {
    // Two requests with one key: the loser answers the winner's order.
    if (input.idempotencyKey && isUniqueViolation(error)) {
      const earlier = await findOrderByIdempotencyKey(db, shop.id, input.idempotencyKey);
      if (earlier) return earlier;
    }
    throw error;
  }
  await announceNewOrder(db, result.order, shop.currency);
  await notifyLowStock(db, result.crossings);
  return result.order;
}

/** The `order` notification (bell, socket and its toast, push), whatever channel the order came from. */
export async function announceNewOrder(db: Database, order: OrderRow, currency: string): Promise<void> {
  await createNotification(db, order.shopId, {
    type: 'order',
    title: `Nouvelle commande #${order.number}`,
    description: `${order.clientName ?? 'Client anonyme'} · ${formatMoney(order.total, currency)}`,
  });
}
