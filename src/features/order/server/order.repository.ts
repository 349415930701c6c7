import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import {
  orderCounters,
  orderEvents,
  orderLines,
  orderPayments,
  orderRefunds,
  orders,
  productVariants,
  products,
} from '@/server/db/schema';
import { newId } from '@/server/ids';
import { dayjs } from '@/shared/dates';
import { normalizeForSearch } from '@/shared/search';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderPaymentRow = typeof orderPayments.$inferSelect;
export type OrderRefundRow = typeof orderRefunds.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

/** The calendar month an order counts against, in the shop's time zone. */
export function quotaMonthOf(timeZone: string, now: Date = new Date()): string {
  return dayjs(now).tz(timeZone).format('YYYY-MM');
}

/**
 * Takes the shop's next order number and counts the order in its month, holding the counter row
 * until the transaction ends: concurrent orders queue here, and a rolled-back order gives its
 * number back, so numbers never skip or repeat.
 */
export async function takeOrderNumber(
  tx: Executor,
  shopId: string,
  month: string,
): Promise<{ number: number; monthCount: number }> {
  const [row] = await tx
    .insert(orderCounters)
    .values({ shopId, lastNumber: 1001, month, monthCount: 1 })
    .onConflictDoUpdate({
      target: orderCounters.shopId,
      set: {
        lastNumber: sql`${orderCounters.lastNumber} + 1`,
        monthCount: sql`case when ${orderCounters.month} = ${month} then ${orderCounters.monthCount} + 1 else 1 end`,
        month,
      },
    })
    .returning({ number: orderCounters.lastNumber, monthCount: orderCounters.monthCount });
  return row!;
}

/** This month's orders of the shop, for planQuotas. */
export async function ordersThisMonth(db: Executor, shopId: string, month: string): Promise<number> {
  const [row] = await db
    .select({ month: orderCounters.month, count: orderCounters.monthCount })
    .from(orderCounters)
    .where(eq(orderCounters.shopId, shopId));
  return row && row.month === month ? row.count : 0;
}

export interface SellableVariant {
  id: string;
  productId: string;
  productName: string;
  productStatus: string;
  trackStock: boolean;
  optionValues: string[];
  sku: string | null;
  price: number;
  stock: number;
}

/**
 * The variants an order sells, locked in id order before any stock moves: every writer takes
 * variant rows before their product's row, so orders, counts and edits cannot deadlock.
 */
export async function lockSellableVariants(
  tx: Executor,
  shopId: string,
  variantIds: string[],
): Promise<Map<string, SellableVariant>> {
  if (variantIds.length === 0) return new Map();
  const rows = await tx
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      productName: products.name,
      productStatus: products.status,
      trackStock: products.trackStock,
      optionValues: productVariants.optionValues,
      sku: productVariants.sku,
      price: productVariants.price,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.shopId, shopId), inArray(productVariants.id, [...new Set(variantIds)])))
    .orderBy(asc(productVariants.id))
    .for('update', { of: productVariants });
  return new Map(rows.map((r) => [r.id, r]));
}

export async function findOrder(db: Executor, shopId: string, orderId: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.id, orderId)));
  return row ?? null;
}

/** The order row locked for a change; every change to an order starts here. */
export async function lockOrder(tx: Executor, shopId: string, orderId: string): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.id, orderId)))
    .for('update');
  return row ?? null;
}

export async function findOrderByIdempotencyKey(
  db: Executor,
  shopId: string,
  key: string,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.idempotencyKey, key)));
  return row ?? null;
}

export async function findLinesOf(db: Executor, orderId: string): Promise<OrderLineRow[]> {
  return db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
}

export async function findOrderDetails(db: Executor, orderId: string) {
  const [lines, payments, refunds, events] = await Promise.all([
    findLinesOf(db, orderId),
    db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)).orderBy(asc(orderPayments.id)),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id)),
  ]);
  return { lines, payments, refunds, events };
}

export type OrderEventType = 'created' | 'status' | 'payment' | 'payment_link' | 'refund' | 'note' | 'edit';

export async function addOrderEvent(
  tx: Executor,
  order: { id: string; shopId: string },
  userId: string | null,
  type: OrderEventType,
  data: Record<string, unknown> = {},
): Promise<void> {
  await tx
    .insert(orderEvents)
    .values({ id: newId(), shopId: order.shopId, orderId: order.id, type, data, userId });
}

/**
 * Search text of an order: the client's name and phone digits, lower-cased without accents (the
 * number is matched on its own column, so its digits must not be here).
 */
export function orderSearchText(clientName: string | null, clientPhone: string | null): string {
  return normalizeForSearch([clientName ?? '', clientPhone ? clientPhone.replace(/\D/g, '') : ''].join(' '));
}
