import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { stockConflicts } from '@/server/db/schema/pos';
import { settleConflictOnce } from '@/server/db/settle-once';
import { findPeople } from '@/features/user/server/user.repository';
import { addOrderEvent, findOrderHeads } from '@/features/order/server/order.repository';
import type { StockConflict } from '../pos.schemas';

/** « Conflits de stock »: sales the stock did not cover, open ones first to be dealt with. */
export async function listStockConflicts(
  db: Executor,
  shopId: string,
  status: 'open' | 'resolved',
): Promise<StockConflict[]> {
  const rows = await db
    .select()
    .from(stockConflicts)
    .where(
      and(
        eq(stockConflicts.shopId, shopId),
        status === 'open' ? isNull(stockConflicts.resolvedAt) : isNotNull(stockConflicts.resolvedAt),
      ),
    )
    .orderBy(desc(stockConflicts.id))
    .limit(500);
  const sales = await findOrderHeads(
    db,
    shopId,
    rows.map((c) => c.orderId),
  );
  const people = await findPeople(db, [
    ...[...sales.values()].map((o) => o.createdByUserId),
    ...rows.map((c) => c.resolvedByUserId),
  ]);
  const person = (id: string | null) => (id ? { id, name: people.get(id) ?? '' } : null);
  return rows.map((c) => ({
    id: c.id,
    orderId: c.orderId,
    orderNumber: sales.get(c.orderId)?.number ?? 0,
    variantId: c.variantId,
    productName: c.productName,
    variantName: c.variantName,
    missing: c.missing,
    stockAfter: c.stockAfter,
    createdAt: c.createdAt.toISOString(),
    soldBy: person(sales.get(c.orderId)?.createdByUserId ?? null),
    resolvedAt: c.resolvedAt?.toISOString() ?? null,
    resolvedBy: person(c.resolvedByUserId),
    resolution: c.resolution,
  }));
}

/**
 * Marks a conflict dealt with (stock counted, sale corrected…), saying what was done; the order's
 * timeline says it too, where the conflict was flagged.
 */
export async function resolveStockConflict(
  db: Database,
  shopId: string,
  userId: string,
  input: { conflictId: string; resolution: string },
): Promise<void> {
  await settleConflictOnce(
    db,
    'Le conflit de stock',
    async (tx) => {
      const [row] = await tx
        .update(stockConflicts)
        .set({ resolvedAt: new Date(), resolvedByUserId: userId, resolution: input.resolution })
        .where(
          and(
            eq(stockConflicts.shopId, shopId),
            eq(stockConflicts.id, input.conflictId),
            isNull(stockConflicts.resolvedAt),
          ),
        )
        .returning();
      if (!row) return false;
      await addOrderEvent(tx, { id: row.orderId, shopId }, userId, 'stock_conflict', {
        name: row.variantName ? `${row.productName} (${row.variantName})` : row.productName,
        resolution: input.resolution,
      });
      return true;
    },
    async () =>
      (
        await db
          .select({ id: stockConflicts.id })
          .from(stockConflicts)
          .where(and(eq(stockConflicts.shopId, shopId), eq(stockConflicts.id, input.conflictId)))
      ).length > 0,
  );
}
