import type { Executor } from '@/server/db';
import { Errors } from '@/server/http/errors';
import type { FulfilmentStatus } from '../order.schemas';
import { moveOrder } from './change-order-status';
import { addOrderEvent, lockOrder, type OrderRow } from './order.repository';

/**
 * Livraison hands an order to a rider, inside its own transaction: the order locked, moved to
 * « En livraison » (the moves the order allows only: a cancelled or delivered order stays where it
 * is, 409), and its timeline told who carries it. Handing it to another rider is one more timeline
 * entry. Answers the order and what the rider is to collect: its total less what was paid.
 */
export async function sendOrderOut(
  tx: Executor,
  shopId: string,
  userId: string,
  orderId: string,
  rider: { name: string },
): Promise<{ order: OrderRow; due: number }> {
  const locked = await lockOrder(tx, shopId, orderId);
  if (!locked) throw Errors.notFound('La commande');
  if (!locked.deliveryAddress)
    throw Errors.validation({
      orderId: 'Cette commande n’a pas d’adresse de livraison : ajoutez-la avant de la confier à un livreur.',
    });
  const order =
    (locked.fulfilmentStatus as FulfilmentStatus) === 'shipping'
      ? locked
      : (await moveOrder(tx, shopId, userId, orderId, 'shipping')).order;
  const due = Math.max(0, order.total - order.paidAmount);
  await addOrderEvent(tx, order, userId, 'delivery', { rider: rider.name, due });
  return { order, due };
}
