import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { executePrepared, rowOf, runPrepared, type Executor } from '@/server/db';
import {
  orderAdjustments,
  orderCounters,
  orderEvents,
  orderLines,
  orderPayments,
  orderRefunds,
  orders,
} from '@/server/db/schema/order';
import { newId } from '@/server/ids';
import { normalizeForSearch } from '@/shared/search';
import { zonedParts } from '@/shared/dates';
import type { JudgedUse } from '@/features/discount/server';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderPaymentRow = typeof orderPayments.$inferSelect;
export type OrderRefundRow = typeof orderRefunds.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type OrderAdjustmentRow = typeof orderAdjustments.$inferSelect;

/** The calendar month an order counts against, in the shop's time zone (one formatter per zone). */
export function quotaMonthOf(timeZone: string, now: Date = new Date()): string {
  const { year, month } = zonedParts(now, timeZone);
  return `${year.padStart(4, '0')}-${month}`;
}

/** `createdAt` only for a till's sale, which happened when the till says (perhaps offline). */
export type NewOrderRow = Omit<typeof orders.$inferInsert, 'number'>;
export type NewOrderLineRow = Omit<typeof orderLines.$inferInsert, 'orderId' | 'shopId'>;
export type NewOrderPaymentRow = Omit<typeof orderPayments.$inferInsert, 'orderId' | 'shopId' | 'createdAt'>;
export type NewOrderEventRow = Pick<OrderEventRow, 'id' | 'type' | 'data' | 'userId'>;

/**
 * Takes the shop's next order number and counts the order in its month (the counter row, held until
 * the transaction ends: concurrent orders queue there, and a rolled-back order gives its number
 * back, so numbers never skip or repeat), and writes the order with that number (its lines, first
 * payment, timeline, and the stock taken by the product module's `stock` CTEs, whose movements
 * may read the number as `(select number from counter)`) and the shop's notification of it, all in
 * one statement: the shop's orders queue on the counter row from here to the commit, so the queue
 * moves at one round trip and a commit per order instead of one round trip per table.
 *
 * Written by hand with the rows as JSON parameters: one text whatever the number of lines and
 * payments, kept prepared, and nothing for the query builder to build per order (building the
 * builder's version of it cost a tenth of an order's server time).
 *
 * Every row is stamped as the order itself: now(), the transaction's start, or the time the order
 * happened when it is given (a till's sale made offline, history), payments and timeline with it:
 * the timeline's `data` comes back as stored (jsonb orders keys its own way),
 * in the order of the events' ids.
 */
export async function insertNumberedOrder(
  tx: Executor,
  month: string,
  rows: {
    order: NewOrderRow;
    lines: NewOrderLineRow[];
    payments: NewOrderPaymentRow[];
    events: NewOrderEventRow[];
    /** What the discounts took off (see orderAdjustmentRows). */
    adjustments: OrderAdjustmentRow[];
    /** The product module's writes of the stock taken, as CTEs (see stockWritesOfLockedVariants). */
    stock: SQL | null;
    /** The customer module's statement moving the client's figures (see customerFiguresOnNewOrder). */
    clientFigures: SQL | null;
    /** The discount module's statement counting the uses, and what answers them (see newOrderDiscountUses). */
    discountUses: { ctes: SQL; judged: SQL } | null;
    /** The notification module's « Nouvelle commande » (see notificationInStatement), if it is told. */
    notification: { cte: SQL; selected: SQL } | null;
  },
): Promise<{
  order: OrderRow;
  monthCount: number;
  eventData: Array<Record<string, unknown>>;
  discountUses: JudgedUse[] | null;
  notification: unknown;
}> {
  const o = rows.order;
  const [row] = await executePrepared<Record<string, unknown>>(
    tx,
    sql`with counter as (
      insert into order_counters (shop_id, last_number, month, month_count) values (${o.shopId}, 1001, ${month}, 1)
      on conflict (shop_id) do update set
        last_number = order_counters.last_number + 1,
        month_count = case when order_counters.month = excluded.month then order_counters.month_count + 1 else 1 end,
        month = excluded.month
      returning last_number as number, month_count
    ), new_lines as (
      insert into order_lines (id, shop_id, order_id, variant_id, product_id, product_name, variant_name, sku,
        unit_price, quantity, line_discount, total, unit_cost, stock_taken, position)
      select id, ${o.shopId}, ${o.id}, "variantId", "productId", "productName", "variantName", sku,
        "unitPrice", quantity, "lineDiscount", total, "unitCost", "stockTaken", position
      from jsonb_to_recordset(${JSON.stringify(rows.lines)}::jsonb) as x(id text, "variantId" text, "productId" text,
        "productName" text, "variantName" text, sku text, "unitPrice" bigint, quantity int, "lineDiscount" bigint,
        total bigint, "unitCost" bigint, "stockTaken" int, position int)
    ), new_payments as (
      insert into order_payments (id, shop_id, order_id, method, amount, reference, is_online, created_by_user_id, created_at)
      select id, ${o.shopId}, ${o.id}, method, amount, reference, "isOnline", "createdByUserId",
        coalesce(${o.createdAt ?? null}::timestamptz, now())
      from jsonb_to_recordset(${JSON.stringify(rows.payments)}::jsonb) as x(id text, method text, amount bigint,
        reference text, "isOnline" boolean, "createdByUserId" text)
    ), new_events as (
      insert into order_events (id, shop_id, order_id, type, data, user_id, created_at)
      select id, ${o.shopId}, ${o.id}, type, data, "userId", coalesce(${o.createdAt ?? null}::timestamptz, now())
      from jsonb_to_recordset(${JSON.stringify(rows.events)}::jsonb) as x(id text, type text, data jsonb, "userId" text)
      returning id, data
    ), new_adjustments as (
      insert into order_adjustments (id, shop_id, order_id, discount_id, type, name, code, amount, why, lines, position)
      select id, ${o.shopId}, ${o.id}, "discountId", type, name, code, amount, why, lines, position
      from jsonb_to_recordset(${JSON.stringify(rows.adjustments)}::jsonb) as x(id text, "discountId" text, type text,
        name text, code text, amount bigint, why text, lines jsonb, position int)
    )${rows.stock ? sql`, ${rows.stock}` : sql``}${rows.clientFigures ? sql`, client_figures as (${rows.clientFigures})` : sql``}${
      rows.discountUses ? sql`, ${rows.discountUses.ctes}` : sql``
    }${rows.notification ? sql`, ${rows.notification.cte}` : sql``}
    insert into orders (id, shop_id, number, channel, client_id, client_name, client_phone, fulfilment_status,
      payment_status, subtotal, line_discount_total, order_discount, delivery_fee, total, paid_amount,
      delivery_address, client_note, idempotency_key, search_text, local_reference, created_by_user_id, created_at, updated_at)
    values (${o.id}, ${o.shopId}, (select number from counter), ${o.channel}, ${o.clientId ?? null},
      ${o.clientName ?? null}, ${o.clientPhone ?? null}, ${o.fulfilmentStatus ?? 'new'}, ${o.paymentStatus ?? 'pending'},
      ${o.subtotal}, ${o.lineDiscountTotal ?? 0}, ${o.orderDiscount ?? 0}, ${o.deliveryFee ?? 0}, ${o.total},
      ${o.paidAmount ?? 0}, ${o.deliveryAddress ? JSON.stringify(o.deliveryAddress) : null}::jsonb,
      ${o.clientNote ?? ''}, ${o.idempotencyKey ?? null}, ${o.searchText ?? ''}, ${o.localReference ?? null}, ${o.createdByUserId},
      coalesce(${o.createdAt ?? null}::timestamptz, now()), coalesce(${o.updatedAt ?? null}::timestamptz, now()))
    returning *,
      (select month_count from counter) as month_count_taken,
      (select json_agg(data order by id) from new_events) as event_data,
      ${rows.discountUses ? rows.discountUses.judged : sql`null`} as discount_uses,
      ${rows.notification ? rows.notification.selected : sql`null`} as notification`,
  );
  return {
    order: rowOf(orders, row!),
    monthCount: row!.month_count_taken as number,
    eventData: row!.event_data as Array<Record<string, unknown>>,
    discountUses: row!.discount_uses as JudgedUse[] | null,
    notification: row!.notification,
  };
}

/** This month's orders of the shop, for planQuotas. */
export async function ordersThisMonth(db: Executor, shopId: string, month: string): Promise<number> {
  const [row] = await db
    .select({ month: orderCounters.month, count: orderCounters.monthCount })
    .from(orderCounters)
    .where(eq(orderCounters.shopId, shopId));
  return row && row.month === month ? row.count : 0;
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

export async function findAdjustmentsOf(db: Executor, orderId: string): Promise<OrderAdjustmentRow[]> {
  return db
    .select()
    .from(orderAdjustments)
    .where(eq(orderAdjustments.orderId, orderId))
    .orderBy(asc(orderAdjustments.position));
}

export async function findOrderDetails(db: Executor, orderId: string) {
  const [lines, payments, refunds, events, adjustments] = await Promise.all([
    findLinesOf(db, orderId),
    db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)).orderBy(asc(orderPayments.id)),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id)),
    findAdjustmentsOf(db, orderId),
  ]);
  return { lines, payments, refunds, events, adjustments };
}

export type OrderEventType =
  | 'created'
  | 'status'
  | 'payment'
  | 'payment_link'
  | 'refund'
  | 'note'
  | 'edit'
  | 'stock_conflict'
  | 'delivery';

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

/** Number and seller of each of a shop's orders, for another module's list that names orders. */
export async function findOrderHeads(
  db: Executor,
  shopId: string,
  orderIds: string[],
): Promise<Map<string, { number: number; createdByUserId: string | null }>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select({ id: orders.id, number: orders.number, createdByUserId: orders.createdByUserId })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), inArray(orders.id, [...new Set(orderIds)])));
  return new Map(rows.map((r) => [r.id, { number: r.number, createdByUserId: r.createdByUserId }]));
}

/**
 * Whether the client has an order in the shop already (cancelled ones count: they were placed):
 * what a discount « première commande » asks.
 */
export async function clientHasOrders(db: Executor, shopId: string, clientId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.clientId, clientId)))
    .limit(1);
  return Boolean(row);
}
