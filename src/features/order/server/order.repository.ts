import { and, asc, eq, getTableColumns, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { runPrepared, type Executor } from '@/server/db';
import {
  orderCounters,
  orderEvents,
  orderLines,
  orderPayments,
  orderRefunds,
  orders,
  productVariants,
  products,
  stockMovements,
} from '@/server/db/schema';
import { newId } from '@/server/ids';
import { normalizeForSearch } from '@/shared/search';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderPaymentRow = typeof orderPayments.$inferSelect;
export type OrderRefundRow = typeof orderRefunds.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

// One formatter per time zone: building one (or going through dayjs' tz plugin, which builds one
// per call) cost more than the rest of an order's own JavaScript.
const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar month an order counts against, in the shop's time zone. */
export function quotaMonthOf(timeZone: string, now: Date = new Date()): string {
  let format = monthFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    monthFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year').padStart(4, '0')}-${part('month')}`;
}

/** The upsert that takes a shop's next number and counts the order in `month`. */
function counterUpsert(tx: Executor, shopId: string, month: string) {
  return tx
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
  const [row] = await counterUpsert(tx, shopId, month);
  return row!;
}

/** `createdAt` only for a till's sale, which happened when the till says (perhaps offline). */
export type NewOrderRow = Omit<typeof orders.$inferInsert, 'number'>;
export type NewOrderLineRow = Omit<typeof orderLines.$inferInsert, 'orderId' | 'shopId'>;
export type NewOrderPaymentRow = Omit<typeof orderPayments.$inferInsert, 'orderId' | 'shopId' | 'createdAt'>;
export type NewOrderEventRow = Pick<OrderEventRow, 'id' | 'type' | 'data' | 'userId'>;
export type NewStockMovementRow = Omit<typeof stockMovements.$inferInsert, 'note' | 'createdAt'>;

/**
 * takeOrderNumber, and the order written with that number (its lines, first payment, timeline and
 * stock movements, noted « Commande #n »), all in one statement: the shop's orders queue on the
 * counter row from here to the commit, so the queue moves at one round trip and a commit per order
 * instead of one round trip per table.
 *
 * Every row is stamped now(), the transaction's start, as the order itself: the timeline's `data`
 * comes back as stored (jsonb orders keys its own way), in the order of the events' ids.
 */
export async function insertNumberedOrder(
  tx: Executor,
  month: string,
  rows: {
    order: NewOrderRow;
    lines: NewOrderLineRow[];
    payments: NewOrderPaymentRow[];
    events: NewOrderEventRow[];
    movements: NewStockMovementRow[];
  },
): Promise<{ order: OrderRow; monthCount: number; eventData: Array<Record<string, unknown>> }> {
  const { shopId, id: orderId } = rows.order;
  const counter = tx.$with('counter').as(counterUpsert(tx, shopId, month));
  const number = sql<number>`(select ${counter.number} from ${counter})`;
  const lines = tx
    .$with('new_lines')
    .as(tx.insert(orderLines).values(rows.lines.map((l) => ({ ...l, orderId, shopId }))));
  const events = tx.$with('new_events').as(
    tx
      .insert(orderEvents)
      .values(rows.events.map((e) => ({ ...e, orderId, shopId })))
      .returning({ id: orderEvents.id, data: orderEvents.data }),
  );
  const ctes: WithSubquery[] = [counter, lines, events];
  if (rows.payments.length)
    ctes.push(
      tx
        .$with('new_payments')
        .as(tx.insert(orderPayments).values(rows.payments.map((p) => ({ ...p, orderId, shopId })))),
    );
  if (rows.movements.length)
    ctes.push(
      tx
        .$with('new_movements')
        .as(
          tx
            .insert(stockMovements)
            .values(rows.movements.map((m) => ({ ...m, note: sql`'Commande #' || ${number}` }))),
        ),
    );
  const [row] = await runPrepared(
    tx
      .with(...ctes)
      .insert(orders)
      .values({ ...rows.order, number })
      .returning({
        ...getTableColumns(orders),
        monthCount: sql<number>`(select ${counter.monthCount} from ${counter})`,
        eventData: sql<
          Array<Record<string, unknown>>
        >`(select json_agg(${events.data} order by ${events.id}) from ${events})`,
      }),
  );
  const { monthCount, eventData, ...order } = row!;
  return { order, monthCount, eventData };
}

/** This month's orders of the shop, for planQuotas. */
export async function ordersThisMonth(db: Executor, shopId: string, month: string): Promise<number> {
  const [row] = await db
    .select({ month: orderCounters.month, count: orderCounters.monthCount })
    .from(orderCounters)
    .where(eq(orderCounters.shopId, shopId));
  return row && row.month === month ? row.count : 0;
}

/**
 * `column = any($1)`: unlike `in ($1, $2, …)` one text whatever the number of ids, so one prepared
 * statement serves every order.
 */
export function anyOf(column: AnyPgColumn, ids: string[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::text[])`;
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
  const rows = await runPrepared(
    tx
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
      .where(and(eq(productVariants.shopId, shopId), anyOf(productVariants.id, [...new Set(variantIds)])))
      .orderBy(asc(productVariants.id))
      .for('update', { of: productVariants }),
  );
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
  const [row] = await runPrepared(
    db
      .select()
      .from(orders)
      .where(and(eq(orders.shopId, shopId), eq(orders.idempotencyKey, key))),
  );
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

export type OrderEventType =
  'created' | 'status' | 'payment' | 'payment_link' | 'refund' | 'note' | 'edit' | 'stock_conflict';

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
