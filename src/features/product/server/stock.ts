import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { productVariants, products, stockMovements } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { AppError } from '@/server/http/errors';
import { createNotification } from '@/features/notification/server/create-notification';
import type { StockReason } from '../product.schemas';

export interface StockChange {
  shopId: string;
  variantId: string;
  /** Added (positive) or removed (negative). */
  quantity: number;
  reason: StockReason;
  note?: string | null;
  userId: string | null;
}

/** A variant that went from above its product's threshold to at or below it. */
export interface LowStockCrossing {
  shopId: string;
  productName: string;
  variantTitle: string;
  stock: number;
}

export interface StockChangeResult {
  stockAfter: number;
  movementId: string;
  crossing: LowStockCrossing | null;
}

export const insufficientStock = (available: number) =>
  new AppError(
    'INSUFFICIENT_STOCK',
    409,
    `Stock insuffisant : il reste ${available} unité${available > 1 ? 's' : ''}.`,
  );

/**
 * The only way a stock count changes: one conditional update (the count never goes below zero, so
 * two sales of the last unit cannot both pass: the second waits on the row and then fails its
 * condition), its movement, and the product's total, all in the caller's transaction.
 */
export async function changeStock(tx: Executor, change: StockChange): Promise<StockChangeResult> {
  const [updated] = await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + ${change.quantity}` })
    .where(
      and(
        eq(productVariants.id, change.variantId),
        eq(productVariants.shopId, change.shopId),
        sql`${productVariants.stock} + ${change.quantity} >= 0`,
      ),
    )
    .returning({
      stock: productVariants.stock,
      productId: productVariants.productId,
      optionValues: productVariants.optionValues,
    });
  if (!updated) {
    const [current] = await tx
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(and(eq(productVariants.id, change.variantId), eq(productVariants.shopId, change.shopId)));
    if (!current) throw new AppError('NOT_FOUND', 404, 'La variante est introuvable.');
    throw insufficientStock(current.stock);
  }
  const movementId = newId();
  await tx.insert(stockMovements).values({
    id: movementId,
    shopId: change.shopId,
    productId: updated.productId,
    variantId: change.variantId,
    quantity: change.quantity,
    stockAfter: updated.stock,
    reason: change.reason,
    note: change.note || null,
    userId: change.userId,
  });
  const [product] = await tx
    .update(products)
    .set({ stockTotal: sql`${products.stockTotal} + ${change.quantity}`, updatedAt: new Date() })
    .where(eq(products.id, updated.productId))
    .returning({
      name: products.name,
      trackStock: products.trackStock,
      lowStockThreshold: products.lowStockThreshold,
    });
  const before = updated.stock - change.quantity;
  const crossed =
    !!product?.trackStock && before > product.lowStockThreshold && updated.stock <= product.lowStockThreshold;
  return {
    stockAfter: updated.stock,
    movementId,
    crossing: crossed
      ? {
          shopId: change.shopId,
          productName: product.name,
          variantTitle: updated.optionValues.join(' / '),
          stock: updated.stock,
        }
      : null,
  };
}

/**
 * After the commit: one `low_stock` notification per crossing (bell, socket, toast « Le stock du
 * produit X est faible »). The title is the product's name, which the toast quotes.
 */
export async function notifyLowStock(db: Executor, crossings: Array<LowStockCrossing | null>): Promise<void> {
  for (const crossing of crossings) {
    if (!crossing) continue;
    const what = crossing.variantTitle ? ` (${crossing.variantTitle})` : '';
    await createNotification(db, crossing.shopId, {
      type: 'low_stock',
      title: crossing.productName,
      description:
        crossing.stock <= 0
          ? `Rupture de stock${what}.`
          : `Il ne reste que ${crossing.stock} unité${crossing.stock > 1 ? 's' : ''}${what}.`,
    });
  }
}
