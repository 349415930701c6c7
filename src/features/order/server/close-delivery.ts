import type { Executor } from '@/server/db';
import { AppError, Errors } from '@/server/http/errors';
import type { FulfilmentStatus, PaymentMethod } from '../order.schemas';
import { moveOrder } from './change-order-status';
import { recordPayment } from './order-payments';
import { addOrderEvent, lockOrder, type OrderRow } from './order.repository';

/** How a delivery ended, as the rider reports it. */
export type DeliveryOutcome = 'delivered' | 'refused' | 'absent' | 'postponed';

async function lockOrderOut(tx: Executor, shopId: string, orderId: string): Promise<OrderRow> {
  const order = await lockOrder(tx, shopId, orderId);
  if (!order) throw Errors.notFound('La commande');
  if ((order.fulfilmentStatus as FulfilmentStatus) !== 'shipping')
    throw new AppError(
      'INVALID_TRANSITION',
      409,
      `La commande #${order.number} n’est plus en livraison : la boutique l’a déjà traitée.`,
    );
  return order;
}

/**
 * Livraison closes an order's delivery, inside its transaction: delivered, the order moves to
 * « Livrée » and what the rider took becomes a payment (never more than the order still owes: any
 * excess stays in the rider's cash, explained by their reason); otherwise the order stays « En
 * livraison », to be handed out again or returned, and its timeline says why.
 */
export async function closeOrderDelivery(
  tx: Executor,
  shopId: string,
  userId: string | null,
  orderId: string,
  report: {
    rider: string;
    outcome: DeliveryOutcome;
    reason: string;
    collected: { amount: number; method: PaymentMethod } | null;
  },
): Promise<OrderRow> {
  let order = await lockOrderOut(tx, shopId, orderId);
  const { collected } = report;
  await addOrderEvent(tx, order, userId, 'delivery', {
    rider: report.rider,
    outcome: report.outcome,
    ...(report.reason ? { reason: report.reason } : {}),
    ...(collected ? { collected: collected.amount, method: collected.method } : {}),
  });
  if (report.outcome !== 'delivered') return order;
  const owed = Math.max(0, order.total - order.paidAmount);
  const paid = Math.min(owed, collected?.amount ?? 0);
  if (paid > 0 && collected)
    order = await recordPayment(tx, order, userId, {
      method: collected.method,
      amount: paid,
      isOnline: false,
    });
  return (await moveOrder(tx, shopId, userId, orderId, 'delivered')).order;
}
