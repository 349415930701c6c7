import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { deliveries, deliveryRiders, deliveryZoneAreas, deliveryZones } from '@/server/db/schema/delivery';
import { AppError } from '@/server/http/errors';
import { frenchTypography as fr } from '@/shared/typography';
import {
  countShippingOrders,
  findOrdersForDelivery,
  findOrdersToSend,
  findShippingOrderIds,
  type OrderForDelivery,
} from '@/features/order/server/delivery-facts';
import type { BoardStage, TBoard, TBoardOrder } from '../delivery.schemas';
import { assignOrder } from './assign';
import { areaKey } from './zones';

/**
 * The board shows at most this many orders of a stage, oldest first: past it a person cannot
 * act on a list anyway, and the page stays light (the counts say how many there are).
 */
export const BOARD_LIMIT = 100;

type Latest = { status: string; riderId: string; riderName: string; reason: string };

/** Each order's latest delivery (open, or the last one closed), with its rider. */
async function latestDeliveries(
  db: Executor,
  shopId: string,
  orderIds: string[],
): Promise<Map<string, Latest>> {
  if (orderIds.length === 0) return new Map();
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

/** The zones of some addresses' keys, from the shop's active zones: one index lookup per key. */
export async function zonesOfKeys(db: Executor, shopId: string, keys: string[]) {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return new Map<string, { id: string; name: string; position: number }>();
  const rows = await db
    .select({
      key: deliveryZoneAreas.key,
      id: deliveryZones.id,
      name: deliveryZones.name,
      position: deliveryZones.position,
    })
    .from(deliveryZoneAreas)
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryZoneAreas.zoneId))
    .where(
      and(
        eq(deliveryZoneAreas.shopId, shopId),
        // One text parameter split in SQL, not one parameter a key: a board asks for hundreds.
        sql`${deliveryZoneAreas.key} = any(string_to_array(${unique.join('\n')}, chr(10)))`,
        eq(deliveryZones.isActive, true),
      ),
    );
  return new Map(rows.map((r) => [r.key, r]));
}

/** The zone of each address, as its fee is found: the quartier's zone before the commune's. */
export async function zoneOfAddresses(
  db: Executor,
  shopId: string,
  addresses: Array<{ commune: string; quartier: string } | null>,
) {
  const keys = addresses.flatMap((a) => (a ? [areaKey(a.commune, a.quartier), areaKey(a.commune, '')] : []));
  const zones = await zonesOfKeys(db, shopId, keys);
  return (a: { commune: string; quartier: string } | null) =>
    a ? (zones.get(areaKey(a.commune, a.quartier)) ?? zones.get(areaKey(a.commune, '')) ?? null) : null;
}

/** The open deliveries: how many, per rider, and the oldest ones' orders. */
async function openDeliveries(db: Executor, shopId: string, limit: number) {
  const open = and(eq(deliveries.shopId, shopId), eq(deliveries.status, 'assigned'));
  // Counted from the partial index alone, the riders' names read apart: a join on every open
  // delivery cost PGlite three times as much.
  const [perRider, names, oldest] = await Promise.all([
    db
      .select({ riderId: deliveries.riderId, n: count() })
      .from(deliveries)
      .where(open)
      .groupBy(deliveries.riderId),
    db
      .select({ id: deliveryRiders.id, name: deliveryRiders.name })
      .from(deliveryRiders)
      .where(eq(deliveryRiders.shopId, shopId)),
    limit > 0
      ? db
          .select({ orderId: deliveries.orderId })
          .from(deliveries)
          .where(open)
          .orderBy(asc(deliveries.assignedAt), asc(deliveries.id))
          .limit(limit)
      : Promise.resolve([]),
  ]);
  const nameOf = new Map(names.map((r) => [r.id, r.name]));
  return {
    riders: perRider
      .map((r) => ({ id: r.riderId, name: nameOf.get(r.riderId) ?? '', out: Number(r.n) }))
      .sort((x, y) => x.name.localeCompare(y.name)),
    count: perRider.reduce((sum, r) => sum + Number(r.n), 0),
    orderIds: oldest.map((d) => d.orderId),
  };
}

/**
 * « À livrer », one stage at a time: the orders with an address waiting to go out, those out with
 * a rider, or those back from a failed attempt to plan again — grouped by the zone their address
 * falls in, in the zones' order, « Hors zone » last — with every stage's count and the riders out.
 */
export async function deliveryBoard(db: Executor, shopId: string, stage: BoardStage): Promise<TBoard> {
  const [toSend, out, shipping] = await Promise.all([
    findOrdersToSend(db, shopId, stage === 'to_send' ? BOARD_LIMIT + 1 : 0),
    openDeliveries(db, shopId, stage === 'out' ? BOARD_LIMIT + 1 : 0),
    countShippingOrders(db, shopId),
  ]);
  let ids: string[] = [];
  if (stage === 'out') ids = out.orderIds;
  else if (stage === 'to_replan') {
    // Out for delivery as the order says, with no open delivery: the last attempt failed.
    const [shippingIds, openNow] = await Promise.all([
      findShippingOrderIds(db, shopId),
      db
        .select({ orderId: deliveries.orderId })
        .from(deliveries)
        .where(and(eq(deliveries.shopId, shopId), eq(deliveries.status, 'assigned')))
        .then((rows) => new Set(rows.map((d) => d.orderId))),
    ]);
    ids = shippingIds.filter((id) => !openNow.has(id)).slice(0, BOARD_LIMIT + 1);
  }
  const fetched =
    stage === 'to_send' ? toSend.orders : [...(await findOrdersForDelivery(db, shopId, ids)).values()];
  const byId = new Map(fetched.map((o) => [o.id, o]));
  const ordered: OrderForDelivery[] =
    stage === 'to_send' ? fetched : ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const shown = ordered.slice(0, BOARD_LIMIT);
  const [latest, zoneOf] = await Promise.all([
    stage === 'to_send'
      ? new Map<string, Latest>()
      : latestDeliveries(
          db,
          shopId,
          shown.map((o) => o.id),
        ),
    zoneOfAddresses(
      db,
      shopId,
      shown.map((o) => o.deliveryAddress),
    ),
  ]);
  const groups = new Map<
    string,
    { zone: { id: string; name: string } | null; position: number; orders: TBoardOrder[] }
  >();
  for (const order of shown) {
    const a = order.deliveryAddress;
    const zone = zoneOf(a);
    const last = latest.get(order.id);
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
      place: a ? [a.quartier, a.commune].filter(Boolean).join(', ') : '',
      landmark: a?.indications ?? '',
      due: Math.max(0, order.total - order.paidAmount),
      status: order.fulfilmentStatus,
      stage,
      rider: last ? { id: last.riderId, name: last.riderName } : null,
      failure:
        stage === 'to_replan' && last && last.status !== 'assigned' && last.status !== 'delivered'
          ? { status: last.status as 'refused' | 'absent' | 'postponed', reason: last.reason }
          : null,
      createdAt: order.createdAt.toISOString(),
    });
  }
  return {
    stage,
    counts: { to_send: toSend.count, out: out.count, to_replan: Math.max(0, shipping - out.count) },
    riders: out.riders,
    groups: [...groups.values()]
      .sort((x, y) => x.position - y.position || (x.zone?.name ?? '').localeCompare(y.zone?.name ?? ''))
      .map(({ zone, orders: list }) => ({ zone, orders: list })),
    isTruncated: ordered.length > BOARD_LIMIT,
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
