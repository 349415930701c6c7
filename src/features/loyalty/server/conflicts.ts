import { and, desc, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { loyaltyEntries } from '@/server/db/schema/loyalty';
import { settleConflictOnce } from '@/server/db/settle-once';
import { findPeople } from '@/features/user/server/user.repository';
import { clientLabels } from '@/features/customer/server/customers';
import { addOrderEvent, findOrderHeads } from '@/features/order/server/order.repository';
import type { TLoyaltyConflict } from '../loyalty.schemas';

/**
 * « Points de fidélité » conflicts: till sales that spent more points than the client held (made
 * offline from an older copy of the balance). The sale stands; the manager settles it.
 */
export async function listLoyaltyConflicts(
  db: Executor,
  shopId: string,
  status: 'open' | 'resolved',
): Promise<TLoyaltyConflict[]> {
  const rows = await db
    .select()
    .from(loyaltyEntries)
    .where(
      and(
        eq(loyaltyEntries.shopId, shopId),
        gt(loyaltyEntries.missing, 0),
        status === 'open' ? isNull(loyaltyEntries.resolvedAt) : isNotNull(loyaltyEntries.resolvedAt),
      ),
    )
    .orderBy(desc(loyaltyEntries.createdAt))
    .limit(500);
  const [orders, clients] = await Promise.all([
    findOrderHeads(
      db,
      shopId,
      rows.flatMap((r) => (r.orderId ? [r.orderId] : [])),
    ),
    clientLabels(
      db,
      shopId,
      rows.map((r) => r.clientId),
    ),
  ]);
  const people = await findPeople(db, [
    ...rows.map((r) => (r.orderId ? (orders.get(r.orderId)?.createdByUserId ?? null) : null)),
    ...rows.map((r) => r.resolvedByUserId),
  ]);
  const person = (id: string | null) => (id && people.has(id) ? { id, name: people.get(id)! } : null);
  return rows.map((r) => {
    const order = r.orderId ? orders.get(r.orderId) : undefined;
    return {
      id: r.id,
      orderId: r.orderId,
      orderNumber: order?.number ?? null,
      clientId: r.clientId,
      clientName: clients.get(r.clientId)?.name ?? '',
      clientPhone: clients.get(r.clientId)?.phone ?? null,
      points: -r.points,
      missing: r.missing,
      amount: r.amount ?? 0,
      createdAt: r.createdAt.toISOString(),
      soldBy: person(order?.createdByUserId ?? null),
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
      resolvedBy: person(r.resolvedByUserId),
      resolution: r.resolution,
    };
  });
}

export async function countOpenLoyaltyConflicts(db: Executor, shopId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loyaltyEntries)
    .where(
      and(
        eq(loyaltyEntries.shopId, shopId),
        gt(loyaltyEntries.missing, 0),
        isNull(loyaltyEntries.resolvedAt),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Marks a conflict settled, saying what was done; the order's timeline says it too. */
export async function resolveLoyaltyConflict(
  db: Database,
  shopId: string,
  userId: string,
  input: { conflictId: string; resolution: string },
): Promise<void> {
  const open = (...more: SQL[]) =>
    and(
      eq(loyaltyEntries.shopId, shopId),
      eq(loyaltyEntries.id, input.conflictId),
      gt(loyaltyEntries.missing, 0),
      ...more,
    );
  await settleConflictOnce(
    db,
    'Le conflit de points',
    async (tx) => {
      const [row] = await tx
        .update(loyaltyEntries)
        .set({ resolvedAt: new Date(), resolvedByUserId: userId, resolution: input.resolution })
        .where(open(isNull(loyaltyEntries.resolvedAt)))
        .returning();
      if (!row) return false;
      if (row.orderId)
        await addOrderEvent(tx, { id: row.orderId, shopId }, userId, 'note', {
          note: `Conflit de points de fidélité réglé : ${input.resolution}`,
        });
      return true;
    },
    async () => (await db.select({ id: loyaltyEntries.id }).from(loyaltyEntries).where(open())).length > 0,
  );
}
