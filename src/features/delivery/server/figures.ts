import { and, eq, gte, ne } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { deliveries, deliveryRiders } from '@/server/db/schema/delivery';
import { dayjs } from '@/shared/dayjs';
import { findOrdersForDelivery } from '@/features/order/server/delivery-facts';
import type { TDeliveryFigures, TFigureRow } from '../delivery.schemas';
import { zoneOfAddresses } from './board';
import { cashOwedByRider } from './ledger';

type Counts = Omit<TFigureRow, 'key' | 'label' | 'successRate' | 'owed'>;
const empty = (): Counts => ({
  attempts: 0,
  delivered: 0,
  refused: 0,
  absent: 0,
  postponed: 0,
  collected: 0,
});

function rowOf(key: string, label: string, c: Counts, owed: number | null): TFigureRow {
  return { key, label, ...c, successRate: c.attempts ? c.delivered / c.attempts : null, owed };
}

/**
 * Livraison's figures over the last `days` days (in the shop's time zone): for each rider and each
 * zone, the attempts closed, how they ended, the success rate and what was collected at doors;
 * for riders, the cash they hold now. Each attempt counts once, where its order's address falls.
 */
export async function deliveryFigures(
  db: Executor,
  shop: { id: string; timeZone: string },
  days: number,
): Promise<TDeliveryFigures> {
  const since = dayjs()
    .tz(shop.timeZone)
    .startOf('day')
    .subtract(days - 1, 'day')
    .toDate();
  const closed = await db
    .select({
      orderId: deliveries.orderId,
      riderId: deliveries.riderId,
      riderName: deliveryRiders.name,
      status: deliveries.status,
      collected: deliveries.collectedAmount,
    })
    .from(deliveries)
    .innerJoin(deliveryRiders, eq(deliveryRiders.id, deliveries.riderId))
    .where(
      and(eq(deliveries.shopId, shop.id), ne(deliveries.status, 'assigned'), gte(deliveries.closedAt, since)),
    );
  const [orders, owed] = await Promise.all([
    findOrdersForDelivery(
      db,
      shop.id,
      closed.map((d) => d.orderId),
    ),
    cashOwedByRider(db, shop.id),
  ]);
  const zoneOf = await zoneOfAddresses(
    db,
    shop.id,
    [...orders.values()].map((o) => o.deliveryAddress),
  );
  const byRider = new Map<string, { label: string; counts: Counts }>();
  const byZone = new Map<string, { label: string; counts: Counts }>();
  const add = (map: typeof byRider, key: string, label: string, d: (typeof closed)[number]) => {
    const entry = map.get(key) ?? { label, counts: empty() };
    map.set(key, entry);
    const c = entry.counts;
    c.attempts += 1;
    if (d.status !== 'assigned') c[d.status] += 1;
    c.collected += d.collected ?? 0;
  };
  for (const d of closed) {
    add(byRider, d.riderId, d.riderName, d);
    const a = orders.get(d.orderId)?.deliveryAddress;
    const zone = zoneOf(a ?? null);
    add(byZone, zone?.id ?? '', zone?.name ?? 'Hors zone', d);
  }
  // A rider with cash but no attempt in the period still shows: what they hold matters.
  for (const [riderId, r] of owed)
    if (r.owed !== 0 && !byRider.has(riderId)) byRider.set(riderId, { label: r.name, counts: empty() });
  const sorted = (rows: TFigureRow[]) =>
    rows.sort((x, y) => y.attempts - x.attempts || x.label.localeCompare(y.label));
  return {
    days,
    riders: sorted([...byRider].map(([id, r]) => rowOf(id, r.label, r.counts, owed.get(id)?.owed ?? 0))),
    zones: sorted([...byZone].map(([id, z]) => rowOf(id, z.label, z.counts, null))),
  };
}
