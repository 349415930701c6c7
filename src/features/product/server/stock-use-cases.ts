import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { productVariants, stockMovements } from '@/server/db/schema/product';
import { Errors } from '@/server/http/errors';
import { describeDetails } from '@/shared/validation';
import { findPeople } from '@/features/user/server/user.repository';
import type { StockReason } from '../product.schemas';
import { changeStock, changeStockBatch, notifyLowStock } from './stock';

export async function adjustStock(
  db: Database,
  input: { shopId: string; variantId: string; quantity: number; reason: StockReason; note?: string },
  userId: string,
) {
  const result = await db.transaction((tx) => changeStock(tx, { ...input, userId }));
  await notifyLowStock(db, [result.crossing]);
  return result;
}

/**
 * The inventory count mode: counted quantities for many variants, applied at once. Each
 * difference is an « inventaire » movement; nothing is written unless every variant is the shop's.
 */
export async function applyInventoryCount(
  db: Database,
  input: { shopId: string; counts: Array<{ variantId: string; counted: number }>; note?: string },
  userId: string,
) {
  const ids = [...new Set(input.counts.map((c) => c.variantId))];
  if (ids.length !== input.counts.length) {
    const details = { counts: 'Une variante est comptée deux fois.' };
    throw Errors.validation(details, describeDetails(details));
  }
  const { changes, crossings } = await db.transaction(async (tx) => {
    // Locked in id order before the batch reads them, so the differences are against counts no one
    // else can move meanwhile (and two counts touching the same variants cannot deadlock).
    const rows = await tx
      .select({ id: productVariants.id, stock: productVariants.stock })
      .from(productVariants)
      .where(and(eq(productVariants.shopId, input.shopId), inArray(productVariants.id, ids)))
      .orderBy(productVariants.id)
      .for('update');
    const stockById = new Map(rows.map((r) => [r.id, r.stock]));
    const unknown = input.counts.findIndex((c) => !stockById.has(c.variantId));
    if (unknown >= 0) {
      const details = { [`counts.${unknown}.variantId`]: 'Cette variante n’existe pas dans la boutique.' };
      throw Errors.validation(details, describeDetails(details));
    }
    const applied = input.counts.map((count) => {
      const before = stockById.get(count.variantId)!;
      return {
        variantId: count.variantId,
        before,
        counted: count.counted,
        difference: count.counted - before,
      };
    });
    const { crossings } = await changeStockBatch(
      tx,
      {
        shopId: input.shopId,
        userId,
        reason: 'inventaire',
        note: input.note ?? 'Comptage d’inventaire',
        lockedVariantIds: stockById,
      },
      applied.map((a) => ({ variantId: a.variantId, quantity: a.difference })),
    );
    return { changes: applied, crossings };
  });
  await notifyLowStock(db, crossings);
  return changes;
}

/** A product's (or one variant's) movements, newest first, by pages of `limit`. */
export async function stockHistory(
  db: Executor,
  input: { shopId: string; productId: string; variantId?: string; after?: string; limit: number },
) {
  const rows = await db
    .select({
      movement: stockMovements,
      optionValues: productVariants.optionValues,
    })
    .from(stockMovements)
    .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
    .where(
      and(
        eq(stockMovements.shopId, input.shopId),
        eq(stockMovements.productId, input.productId),
        input.variantId ? eq(stockMovements.variantId, input.variantId) : undefined,
        input.after ? lt(stockMovements.id, input.after) : undefined,
      ),
    )
    .orderBy(desc(stockMovements.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const people = await findPeople(
    db,
    page.map((r) => r.movement.userId),
  );
  const items = page.map((r) => ({
    _id: r.movement.id,
    variantId: r.movement.variantId,
    variantTitle: r.optionValues.join(' / '),
    quantity: r.movement.quantity,
    stockAfter: r.movement.stockAfter,
    reason: r.movement.reason as StockReason,
    note: r.movement.note,
    author: (r.movement.userId && people.get(r.movement.userId)) || null,
    createdAt: r.movement.createdAt.toISOString(),
  }));
  return { items, nextCursor: rows.length > input.limit ? (items[items.length - 1]?._id ?? null) : null };
}
