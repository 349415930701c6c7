import { and, asc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { orderPayments, orders } from '@/server/db/schema/order';
import type { FulfilmentStatus } from '../order.schemas';

/** What Livraison shows of an order: to whom, where, and what is owed. */
export interface OrderForDelivery {
  id: string;
  number: number;
  clientName: string | null;
  clientPhone: string | null;
  deliveryAddress: { quartier: string; commune: string; ville: string; indications: string } | null;
  total: number;
  paidAmount: number;
  fulfilmentStatus: FulfilmentStatus;
  createdAt: Date;
}

/** A shop's orders by id, for the rider's page, the tracking page and the board. */
export async function findOrdersForDelivery(
  db: Executor,
  shopId: string,
  orderIds: string[],
): Promise<Map<string, OrderForDelivery>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      clientName: orders.clientName,
      clientPhone: orders.clientPhone,
      deliveryAddress: orders.deliveryAddress,
      total: orders.total,
      paidAmount: orders.paidAmount,
      fulfilmentStatus: orders.fulfilmentStatus,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), inArray(orders.id, [...new Set(orderIds)])));
  return new Map(rows.map((r) => [r.id, { ...r, fulfilmentStatus: r.fulfilmentStatus as FulfilmentStatus }]));
}

/** The statuses an order waits to go out in, and the one it is out in. */
const TO_DELIVER: FulfilmentStatus[] = ['new', 'confirmed', 'preparing', 'ready', 'shipping'];

/**
 * Livraison's « À livrer » board: the shop's orders with an address that have not reached their
 * client yet, oldest first (the status index finds them; delivered ones are never read).
 */
export async function findOrdersToDeliver(
  db: Executor,
  shopId: string,
  limit: number,
): Promise<OrderForDelivery[]> {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      clientName: orders.clientName,
      clientPhone: orders.clientPhone,
      deliveryAddress: orders.deliveryAddress,
      total: orders.total,
      paidAmount: orders.paidAmount,
      fulfilmentStatus: orders.fulfilmentStatus,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.shopId, shopId),
        inArray(orders.fulfilmentStatus, TO_DELIVER),
        isNotNull(orders.deliveryAddress),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, fulfilmentStatus: r.fulfilmentStatus as FulfilmentStatus }));
}

/** The demo's last week of orders with an address, out or delivered, and how each was paid. */
export async function findRecentOrdersWithAddress(db: Executor, shopId: string, since: Date) {
  const rows = await db
    .select({
      id: orders.id,
      total: orders.total,
      paidAmount: orders.paidAmount,
      status: orders.fulfilmentStatus,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.shopId, shopId),
        isNotNull(orders.deliveryAddress),
        gte(orders.createdAt, since),
        inArray(orders.fulfilmentStatus, ['shipping', 'delivered']),
      ),
    )
    .orderBy(asc(orders.createdAt));
  const payments = rows.length
    ? await db
        .select({ orderId: orderPayments.orderId, method: orderPayments.method })
        .from(orderPayments)
        .where(
          inArray(
            orderPayments.orderId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const methods = new Map(payments.map((p) => [p.orderId, p.method]));
  return rows.map((r) => ({ ...r, paidBy: methods.get(r.id) ?? null }));
}
