import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { orderAdjustments, orderLines, orderPayments, orderRefunds, orders } from '@/server/db/schema/order';
import { spread } from '@/shared/discounts/amounts';

/**
 * What an order adds up to for the statistics, as the order module counts it: the sale (unless
 * cancelled or returned), each line with its share of every discount, the money received and each
 * refund, spread on the lines so that sums by product meet the order's. The statistics module
 * keys these by day, channel and agent; the rules of what an order is worth stay here.
 */
export interface OrderFacts {
  id: string;
  shopId: string;
  channel: string;
  agentId: string;
  clientId: string | null;
  /** The commune of the delivery address, trimmed; '' when the order has none (a till sale). */
  commune: string;
  placedAt: Date;
  /** False for a cancelled or returned order: no sale, only the money that moved. */
  isSale: boolean;
  delivery: number;
  total: number;
  /** Still owed on it now (« reste à encaisser »). */
  due: number;
  lines: Array<{
    variantId: string;
    productId: string;
    quantity: number;
    /** unit price × quantity */
    gross: number;
    /** Its own discount and its share of the order's: the lines' sum is the order's. */
    discount: number;
    unitCost: number | null;
  }>;
  payments: Array<{ method: string; amount: number; at: Date }>;
  refunds: Array<{
    method: string;
    amount: number;
    at: Date;
    /** The amount spread on the lines (same order as `lines`), and the units given back. */
    byLine: Array<{ amount: number; quantity: number }>;
  }>;
  /** The shop's discounts as they applied (`discountId` null for the rounding). */
  adjustments: Array<{ discountId: string | null; type: string; amount: number }>;
}

/** The facts of these orders (those that still exist), read in five statements. */
export async function orderFacts(db: Executor, orderIds: readonly string[]): Promise<OrderFacts[]> {
  if (orderIds.length === 0) return [];
  const ids = [...orderIds];
  const [orderRows, lineRows, paymentRows, refundRows, adjustmentRows] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, ids)),
    db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids))
      .orderBy(asc(orderLines.orderId), asc(orderLines.position)),
    db
      .select()
      .from(orderPayments)
      .where(inArray(orderPayments.orderId, ids))
      .orderBy(asc(orderPayments.createdAt), asc(orderPayments.id)),
    db
      .select()
      .from(orderRefunds)
      .where(inArray(orderRefunds.orderId, ids))
      .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id)),
    db
      .select()
      .from(orderAdjustments)
      .where(inArray(orderAdjustments.orderId, ids))
      .orderBy(asc(orderAdjustments.orderId), asc(orderAdjustments.position)),
  ]);
  const byOrder = <T extends { orderId: string }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(row.orderId, [...(map.get(row.orderId) ?? []), row]);
    return map;
  };
  const lines = byOrder(lineRows);
  const payments = byOrder(paymentRows);
  const refunds = byOrder(refundRows);
  const adjustments = byOrder(adjustmentRows);

  return orderRows.map((order) => {
    const own = lines.get(order.id) ?? [];
    const discounts = lineDiscounts(order.orderDiscount, own, adjustments.get(order.id) ?? []);
    const factLines = own.map((l, i) => ({
      variantId: l.variantId,
      productId: l.productId,
      quantity: l.quantity,
      gross: l.unitPrice * l.quantity,
      discount: discounts[i]!,
      unitCost: l.unitCost,
    }));
    const isSale = order.fulfilmentStatus !== 'cancelled' && order.fulfilmentStatus !== 'returned';
    return {
      id: order.id,
      shopId: order.shopId,
      channel: order.channel,
      // The stats' key for orders no agent took (the online shop's): see the agents report.
      agentId: order.createdByUserId ?? '',
      clientId: order.clientId,
      commune: communeOf(order.deliveryAddress),
      placedAt: order.createdAt,
      isSale,
      delivery: order.deliveryFee,
      total: order.total,
      due: isSale ? Math.max(0, order.total - order.paidAmount) : 0,
      lines: factLines,
      payments: (payments.get(order.id) ?? []).map((p) => ({
        method: p.method,
        amount: p.amount,
        at: p.createdAt,
      })),
      refunds: (refunds.get(order.id) ?? []).map((r) => ({
        method: r.method,
        amount: r.amount,
        at: r.createdAt,
        byLine: refundByLine(r, own, factLines),
      })),
      adjustments: (adjustments.get(order.id) ?? []).map((a) => ({
        discountId: a.discountId,
        type: a.type,
        amount: a.amount,
      })),
    };
  });
}

type LineRow = typeof orderLines.$inferSelect;

/** `delivery_address->>'commune'`, trimmed: written by the API as text, but older rows may lack it. */
function communeOf(address: unknown): string {
  const commune = (address as { commune?: unknown } | null)?.commune;
  return typeof commune === 'string' ? commune.trim() : '';
}

/**
 * Each line's discount: its own (`line_discount`, the shop's product discounts included), where the
 * order discounts of the shop's discounts landed (the snapshot says), and the rest of the order
 * discount (typed by hand, the rounding) spread on what the lines are worth.
 */
function lineDiscounts(
  orderDiscount: number,
  lines: readonly LineRow[],
  adjustments: ReadonlyArray<typeof orderAdjustments.$inferSelect>,
): number[] {
  const landed = lines.map(() => 0);
  let placed = 0;
  for (const a of adjustments) {
    if (a.type !== 'order') continue;
    for (const at of a.lines) {
      const i = lines.findIndex((l) => l.id === at.lineId);
      if (i < 0) continue;
      landed[i]! += at.amount;
      placed += at.amount;
    }
  }
  const rest = spreadOnLines(
    Math.max(0, orderDiscount - placed),
    lines.map((l, i) => Math.max(0, l.total - landed[i]!)),
  );
  return lines.map((l, i) => l.lineDiscount + landed[i]! + rest[i]!);
}

/**
 * A refund spread on the lines: on the lines it names, by what they were worth, or on all of them
 * when it names none (an amount given back); units are those it names.
 */
function refundByLine(
  refund: typeof orderRefunds.$inferSelect,
  rows: readonly LineRow[],
  lines: ReadonlyArray<{ gross: number; discount: number; quantity: number }>,
): Array<{ amount: number; quantity: number }> {
  const quantity = rows.map((row) => refund.lines.find((l) => l.lineId === row.id)?.quantity ?? 0);
  const worth = (i: number) => Math.max(0, lines[i]!.gross - lines[i]!.discount);
  const named = quantity.map((q, i) =>
    q > 0 ? Math.round((worth(i) * q) / Math.max(1, lines[i]!.quantity)) : 0,
  );
  const weights = named.some((w) => w > 0) ? named : rows.map((_, i) => worth(i));
  const amounts = spreadOnLines(refund.amount, weights);
  return rows.map((_, i) => ({ amount: amounts[i]!, quantity: quantity[i]! }));
}

/** `spread`, but never losing the amount: lines worth nothing share it equally. */
function spreadOnLines(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  return weights.some((w) => w > 0)
    ? spread(total, weights)
    : spread(
        total,
        weights.map(() => 1),
      );
}
