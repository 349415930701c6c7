import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { deliveries, deliveryRiders, deliveryZoneAreas, deliveryZones } from '@/server/db/schema/delivery';
import { AppError } from '@/server/http/errors';
import { frenchTypography as fr } from '@/shared/typography';
import { findOrdersForDelivery, findOrdersToDeliver } from '@/features/order/server/delivery-facts';
import type { TBoard, TBoardOrder } from '../delivery.schemas';
import { assignOrder } from './assign';
import { areaKey } from './zones';

/** The board shows at most this many orders: a shop with more has a backlog to clear first. */
export const BOARD_LIMIT = 3_000;

/** Each order's latest delivery (open, or the last one closed), with its rider. */
async function latestDeliveries(db: Executor, shopId: string, orderIds: string[]) {
  if (orderIds.length === 0)
    return new Map<string, { status: string; riderId: string; riderName: string; reason: string }>();
  const rows = await db
    .selectDistinctOn([deliveries.orderId], {
      orderId: deliveries.orderId,
      status: deliveries.status,
      riderId: deliveries.riderId,
      riderName: deliveryRiders.name,
      reason: deliveries.reason,
    })
    .from(deliveries)
    .innerJoin(deliveryRiders, eq(deliveryRiders.id, deliveries.riderId))
    .where(and(eq(deliveries.shopId, shopId), inArray(deliveries.orderId, orderIds)))
    .orderBy(deliveries.orderId, desc(deliveries.assignedAt));
  return new Map(rows.map((r) => [r.orderId, r]));
}

/** Every area of the shop's active zones by key: a few hundred rows, read once per board. */
export async function zoneIndex(db: Executor, shopId: string) {
  const rows = await db
    .select({
      key: deliveryZoneAreas.key,
      id: deliveryZones.id,
      name: deliveryZones.name,
      position: deliveryZones.position,
    })
    .from(deliveryZoneAreas)
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryZoneAreas.zoneId))
    .where(and(eq(deliveryZoneAreas.shopId, shopId), eq(deliveryZones.isActive, true)));
  return new Map(rows.map((r) => [r.key, r]));
}

/**
 * « À livrer »: the orders with an address that have not reached their client, grouped by the
 * zone their address falls in (as the fee is found: the quartier's zone before the commune's), in
 * the zones' order, « Hors zone » last. Each says where it stands: waiting to go out, out with a
 * rider, or back from a failed attempt and to plan again.
 */
export async function deliveryBoard(db: Executor, shopId: string): Promise<TBoard> {
  const [orders, zones] = await Promise.all([
    findOrdersToDeliver(db, shopId, BOARD_LIMIT + 1),
    zoneIndex(db, shopId),
  ]);
  const shown = orders.slice(0, BOARD_LIMIT);
  const latest = await latestDeliveries(
    db,
    shopId,
    shown.filter((o) => o.fulfilmentStatus === 'shipping').map((o) => o.id),
  );
  const groups = new Map<
    string,
    { zone: { id: string; name: string } | null; position: number; orders: TBoardOrder[] }
  >();
  for (const order of shown) {
    const a = order.deliveryAddress!;
    const zone = zones.get(areaKey(a.commune, a.quartier)) ?? zones.get(areaKey(a.commune, '')) ?? null;
    const last = latest.get(order.id);
    const stage: TBoardOrder['stage'] =
      order.fulfilmentStatus !== 'shipping' ? 'to_send' : last?.status === 'assigned' ? 'out' : 'to_replan';
    const key = zone?.id ?? '';
    if (!groups.has(key))
      groups.set(key, {
        zone: zone && { id: zone.id, name: zone.name },
        position: zone?.position ?? Infinity,
        orders: [],
      });
    groups.get(key)!.orders.push({
      id: order.id,
      number: order.number,
      clientName: order.clientName,
      clientPhone: order.clientPhone,
      place: [a.quartier, a.commune].filter(Boolean).join(', '),
      landmark: a.indications,
      due: Math.max(0, order.total - order.paidAmount),
      status: order.fulfilmentStatus,
      stage,
      rider: last ? { id: last.riderId, name: last.riderName } : null,
      failure:
        stage === 'to_replan' && last
          ? { status: last.status as 'refused' | 'absent' | 'postponed', reason: last.reason }
          : null,
      createdAt: order.createdAt.toISOString(),
    });
  }
  return {
    groups: [...groups.values()]
      .sort((x, y) => x.position - y.position || (x.zone?.name ?? '').localeCompare(y.zone?.name ?? ''))
      .map(({ zone, orders: list }) => ({ zone, orders: list })),
    isTruncated: orders.length > BOARD_LIMIT,
  };
}

export interface BulkAssignResult {
  orderId: string;
  number: number | null;
  isDone: boolean;
  error: string | null;
}

/**
 * The board's bulk hand-over: each order in its own transaction, so one that may not go out (its
 * status, no address) is reported without holding back the others. One SMS per order made.
 */
export async function assignMany(
  db: Database,
  shopId: string,
  userId: string,
  input: { orderIds: string[]; riderId: string },
): Promise<BulkAssignResult[]> {
  const results: BulkAssignResult[] = [];
  for (const orderId of [...new Set(input.orderIds)]) {
    try {
      await assignOrder(db, shopId, userId, { orderId, riderId: input.riderId });
      results.push({ orderId, number: null, isDone: true, error: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // A rider not found or inactive fails every order alike: said once, by the caller.
      if (error.details?.riderId || error.message.startsWith('Le livreur')) throw error;
      const detail = error.details ? Object.values(error.details)[0] : null;
      results.push({ orderId, number: null, isDone: false, error: fr(detail ?? error.message) });
    }
  }
  const orders = await findOrdersForDelivery(
    db,
    shopId,
    results.map((r) => r.orderId),
  );
  return results.map((r) => ({ ...r, number: orders.get(r.orderId)?.number ?? null }));
}
