import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { orders, stockConflicts } from '@/server/db/schema';
import { Errors } from '@/server/http/errors';
import { findPeople } from '@/features/order/server/order.dto';
import type { StockConflict } from '../pos.schemas';

/** « Conflits de stock »: sales the stock did not cover, open ones first to be dealt with. */
export async function listStockConflicts(
  db: Executor,
  shopId: string,
  status: 'open' | 'resolved',
): Promise<StockConflict[]> {
  const rows = await db
    .select({ conflict: stockConflicts, orderNumber: orders.number, soldBy: orders.createdByUserId })
    .from(stockConflicts)
    .innerJoin(orders, eq(orders.id, stockConflicts.orderId))
    .where(
      and(
        eq(stockConflicts.shopId, shopId),
        status === 'open' ? isNull(stockConflicts.resolvedAt) : isNotNull(stockConflicts.resolvedAt),
      ),
    )
    .orderBy(desc(stockConflicts.id))
    .limit(500);
  const people = await findPeople(
    db,
    rows.flatMap((r) => [r.soldBy, r.conflict.resolvedByUserId]),
  );
  const person = (id: string | null) => (id ? { id, name: people.get(id) ?? '' } : null);
  return rows.map(({ conflict: c, orderNumber, soldBy }) => ({
    id: c.id,
    orderId: c.orderId,
    orderNumber,
    variantId: c.variantId,
    productName: c.productName,
    variantName: c.variantName,
    missing: c.missing,
    stockAfter: c.stockAfter,
    createdAt: c.createdAt.toISOString(),
    soldBy: person(soldBy),
    resolvedAt: c.resolvedAt?.toISOString() ?? null,
    resolvedBy: person(c.resolvedByUserId),
    resolution: c.resolution,
  }));
}

/** Marks a conflict dealt with (stock counted, sale corrected…), saying what was done. */
export async function resolveStockConflict(
  db: Executor,
  shopId: string,
  userId: string,
  input: { conflictId: string; resolution: string },
): Promise<void> {
  const [row] = await db
    .update(stockConflicts)
    .set({ resolvedAt: new Date(), resolvedByUserId: userId, resolution: input.resolution })
    .where(
      and(
        eq(stockConflicts.shopId, shopId),
        eq(stockConflicts.id, input.conflictId),
        isNull(stockConflicts.resolvedAt),
      ),
    )
    .returning({ id: stockConflicts.id });
  if (row) return;
  const [exists] = await db
    .select({ id: stockConflicts.id })
    .from(stockConflicts)
    .where(and(eq(stockConflicts.shopId, shopId), eq(stockConflicts.id, input.conflictId)));
  throw exists ? Errors.conflict('Ce conflit est déjà résolu.') : Errors.notFound('Le conflit de stock');
}
