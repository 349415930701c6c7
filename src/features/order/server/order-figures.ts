import { and, count, eq, gte, inArray, notInArray, sql, sum, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { orders } from '@/server/db/schema/order';
import { dayjs } from '@/shared/dayjs';

/** Counted up to this and no further: past it a queue shows « 999+ », and counting on costs time. */
export const QUEUE_CAP = 999;

/**
 * How many orders match, counted no further than `cap` + 1 (`n`, as text): counting stops at the
 * cap instead of walking every match. The queues below and the order list's count use it.
 */
export function cappedCountQuery(db: Executor, where: SQL[], cap: number) {
  const matching = db
    .select({ one: sql`1` })
    .from(orders)
    .where(and(...where))
    .limit(cap + 1)
    .as('matching');
  return db.select({ n: sql<string>`count(*)::text` }).from(matching);
}

async function cappedCount(db: Executor, where: SQL[]): Promise<number> {
  const [row] = await cappedCountQuery(db, where, QUEUE_CAP);
  return Math.min(Number(row?.n ?? 0), QUEUE_CAP + 1);
}

/**
 * Today's sales (in the shop's day, cancelled and returned orders left out) and the orders waiting
 * for someone, each count capped at QUEUE_CAP + 1. With `onlyCreatedBy`, one person's orders only.
 */
export async function orderQueue(
  db: Executor,
  shop: { id: string; timeZone: string },
  onlyCreatedBy: string | null,
  now: Date,
) {
  const scope: SQL[] = [eq(orders.shopId, shop.id)];
  if (onlyCreatedBy) scope.push(eq(orders.createdByUserId, onlyCreatedBy));
  const startOfDay = dayjs(now).tz(shop.timeZone).startOf('day').toDate();
  const [[today], toConfirm, toPrepare, unpaid] = await Promise.all([
    db
      .select({
        amount: sql<string>`coalesce(sum(${orders.total} - ${orders.refundedAmount}), 0)::text`,
        n: count(),
      })
      .from(orders)
      .where(
        and(
          ...scope,
          gte(orders.createdAt, startOfDay),
          notInArray(orders.fulfilmentStatus, ['cancelled', 'returned']),
        ),
      ),
    cappedCount(db, [...scope, eq(orders.fulfilmentStatus, 'new')]),
    cappedCount(db, [...scope, inArray(orders.fulfilmentStatus, ['confirmed', 'preparing'])]),
    cappedCount(db, [
      ...scope,
      inArray(orders.paymentStatus, ['pending', 'partially_paid']),
      notInArray(orders.fulfilmentStatus, ['cancelled', 'returned']),
    ]),
  ]);
  return {
    salesAmount: Number(today?.amount ?? 0),
    ordersCount: Number(today?.n ?? 0),
    toConfirm,
    toPrepare,
    unpaid,
  };
}

/**
 * Totals of a set of orders another module names by a subquery of ids (the till's sales of a cash
 * session): how many, gross, line and order discounts, net.
 */
export async function sumOrders(db: Executor, orderIds: SQL) {
  const [row] = await db
    .select({
      count: count(),
      gross: sum(orders.subtotal),
      lineDiscounts: sum(orders.lineDiscountTotal),
      orderDiscounts: sum(orders.orderDiscount),
      net: sum(orders.total),
    })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  const n = (value: unknown) => Number(value ?? 0);
  return {
    count: n(row?.count),
    gross: n(row?.gross),
    discounts: n(row?.lineDiscounts) + n(row?.orderDiscounts),
    net: n(row?.net),
  };
}
