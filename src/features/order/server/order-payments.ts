import { redeemPoints } from '@/features/loyalty/server/ledger';
import { changeStoreCredit } from '@/features/customer/server/figures';
import { refreshClientFigures } from './client-figures';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { orderPayments, orders } from '@/server/db/schema/order';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { formatMoney } from '@/shared/money';
import { insertBalanceEntry } from '@/features/shop/server/shop.repository';
import { paymentStatusOf, type PaymentMethod } from '../order.schemas';
import { addOrderEvent, lockOrder, type OrderRow } from './order.repository';

export interface PaymentRecord {
  method: PaymentMethod;
  amount: number;
  reference?: string;
  /** Collected by Comptoir's payment provider: it credits the shop balance. */
  isOnline: boolean;
}

/** What is still owed on an order. */
export function amountDue(order: Pick<OrderRow, 'total' | 'paidAmount'>): number {
  return Math.max(0, order.total - order.paidAmount);
}

/** A payment on a locked (or just created) order: the record, the order's figures, the timeline. */
export async function recordPayment(
  tx: Executor,
  order: OrderRow,
  userId: string | null,
  payment: PaymentRecord,
): Promise<OrderRow> {
  await tx.insert(orderPayments).values({
    id: newId(),
    shopId: order.shopId,
    orderId: order.id,
    method: payment.method,
    amount: payment.amount,
    reference: payment.reference || null,
    isOnline: payment.isOnline,
    createdByUserId: userId,
  });
  const paidAmount = order.paidAmount + payment.amount;
  const [updated] = await tx
    .update(orders)
    .set({
      paidAmount: sql`${orders.paidAmount} + ${payment.amount}`,
      paymentStatus: paymentStatusOf({ ...order, paidAmount }),
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id))
    .returning();
  await addOrderEvent(tx, order, userId, 'payment', {
    method: payment.method,
    amount: payment.amount,
    reference: payment.reference || null,
    ...(payment.isOnline ? { isOnline: true } : {}),
  });
  await refreshClientFigures(tx, order.shopId, order.clientId);
  if (payment.isOnline)
    await insertBalanceEntry(tx, {
      shopId: order.shopId,
      amount: payment.amount,
      kind: 'order_payment',
      description: `Commande #${order.number}`,
    });
  return updated!;
}

/** « Enregistrer un paiement » on an order: never more than what is due, never on a cancelled order. */
export async function addOrderPayment(
  db: Database,
  shop: { id: string; currency: string },
  userId: string,
  input: { orderId: string; method: PaymentMethod; amount: number; reference?: string },
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, shop.id, input.orderId);
    if (!order) throw Errors.notFound('La commande');
    if (order.fulfilmentStatus === 'cancelled' || order.fulfilmentStatus === 'returned')
      throw Errors.conflict(
        'Cette commande est annulée ou retournée : elle ne peut plus recevoir de paiement.',
      );
    const due = amountDue(order);
    if (input.amount > due)
      throw Errors.validation({
        amount:
          due === 0
            ? 'Cette commande est déjà entièrement payée.'
            : `Le montant dépasse le reste à payer (${formatMoney(due, shop.currency)}).`,
      });
    if (input.method === 'store_credit') {
      if (!order.clientId)
        throw Errors.validation({ method: 'Un avoir ne paie que la commande d’un client.' });
      await changeStoreCredit(tx, shop, order.clientId, -input.amount, 'amount');
    }
    if (input.method === 'loyalty') {
      if (!order.clientId)
        throw Errors.validation({ method: 'Des points de fidélité ne paient que la commande d’un client.' });
      await redeemPoints(tx, shop, {
        clientId: order.clientId,
        orderId: order.id,
        amount: input.amount,
        userId,
        field: 'amount',
        isAfterTheFact: false,
      });
    }
    return recordPayment(tx, order, userId, { ...input, isOnline: false });
  });
}
