import { and, asc, count, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { orderPayments, orders } from '@/server/db/schema/order';
import type { FulfilmentStatus } from '../order.schemas';

/** What Livraison shows of an order: to whom, where, and what is owed. */
export interface OrderForDelivery {
  id: string;
  number: number;
  clientName: string | null;
  clientPhone: string | null;
  deliveryAddress: {
    quartier: string;
    commune: string;
    ville: string;
    indications: string;
    position?: string;
  } | null;
  total: number;
  paidAmount: number;
  fulfilmentStatus: FulfilmentStatus;
  createdAt: Date;
}

/** The columns of an order that Livraison reads. */
const forDelivery = {
  id: orders.id,
  number: orders.number,
  clientName: orders.clientName,
  clientPhone: orders.clientPhone,
  deliveryAddress: orders.deliveryAddress,
  total: orders.total,
  paidAmount: orders.paidAmount,
  fulfilmentStatus: orders.fulfilmentStatus,
  createdAt: orders.createdAt,
};

/** A shop's orders by id, for the rider's page, the tracking page and the board. */
export async function findOrdersForDelivery(
  db: Executor,
  shopId: string,
  orderIds: string[],
): Promise<Map<string, OrderForDelivery>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select(forDelivery)
    .from(orders)
    .where(and(eq(orders.shopId, shopId), inArray(orders.id, [...new Set(orderIds)])));
  return new Map(rows.map((r) => [r.id, { ...r, fulfilmentStatus: r.fulfilmentStatus as FulfilmentStatus }]));
}

/** The statuses an order waits to go out in. */
const TO_SEND: FulfilmentStatus[] = ['new', 'confirmed', 'preparing', 'ready'];

/**
 * Livraison's « À livrer » board: the shop's orders with an address waiting to go out, oldest
 * first, and how many there are (the status index finds them; the rest of the history is never read).
 */
export async function findOrdersToSend(
  db: Executor,
  shopId: string,
  limit: number,
): Promise<{ orders: OrderForDelivery[]; count: number }> {
  const where = and(
    eq(orders.shopId, shopId),
    inArray(orders.fulfilmentStatus, TO_SEND),
    isNotNull(orders.deliveryAddress),
  );
  if (limit === 0) {
    const [counted] = await db.select({ n: count() }).from(orders).where(where);
    return { orders: [], count: Number(counted?.n ?? 0) };
  }
  // The count in the same scan as the rows (a window runs before the limit): one query, not two.
  const rows = await db
    .select({ ...forDelivery, matching: sql<number>`count(*) over ()` })
    .from(orders)
    .where(where)
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit);
  return {
    orders: rows.map(({ matching: _matching, ...r }) => ({
      ...r,
      fulfilmentStatus: r.fulfilmentStatus as FulfilmentStatus,
    })),
    count: Number(rows[0]?.matching ?? 0),
  };
}

/** How many of the shop's orders with an address are out for delivery (« En livraison »). */
export async function countShippingOrders(db: Executor, shopId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.shopId, shopId),
        eq(orders.fulfilmentStatus, 'shipping'),
        isNotNull(orders.deliveryAddress),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The ids of the shop's orders with an address out for delivery (« En livraison »), oldest first. */
export async function findShippingOrderIds(db: Executor, shopId: string): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.shopId, shopId),
        eq(orders.fulfilmentStatus, 'shipping'),
        isNotNull(orders.deliveryAddress),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return rows.map((r) => r.id);
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
