import { and, eq, inArray, sql } from 'drizzle-orm';
import { databaseNow, type Database } from '@/server/db';
import {
  productCategories,
  productRemovals,
  productVariants,
  products,
  variantPriceHistory,
} from '@/server/db/schema/product';
import { AppError, Errors } from '@/server/http/errors';
import { describeDetails } from '@/shared/validation';
import { MAX_UNIT_PRICE } from '@/shared/bounds';
import type { ProductStatus } from '../product.schemas';
import { lockVariantsOf } from './product.repository';
import { isForeignKeyViolation } from '@/server/db/pg-errors';

export type BulkAction =
  | { action: 'status'; status: ProductStatus }
  | { action: 'category'; categoryId: string | null }
  | { action: 'price'; mode: 'percent' | 'amount'; value: number }
  | { action: 'delete' };

/** One action on a selection, in one transaction; answers how many products it touched. */
export async function applyBulkAction(
  db: Database,
  shopId: string,
  productIds: string[],
  change: BulkAction,
): Promise<number> {
  return db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.shopId, shopId), inArray(products.id, productIds)));
    const ids = owned.map((p) => p.id);
    if (ids.length !== new Set(productIds).size) throw Errors.notFound('Un des produits sélectionnés');
    // Variants before product rows, in id order, as a sale or an inventory count takes them.
    await lockVariantsOf(tx, ids);
    const now = await databaseNow(tx);
    if (change.action === 'status') {
      await tx
        .update(products)
        .set({ status: change.status, updatedAt: now })
        .where(inArray(products.id, ids));
    } else if (change.action === 'category') {
      if (change.categoryId) {
        const [category] = await tx
          .select({ id: productCategories.id })
          .from(productCategories)
          .where(and(eq(productCategories.id, change.categoryId), eq(productCategories.shopId, shopId)));
        if (!category) {
          const details = { categoryId: 'Cette catégorie n’existe pas.' };
          throw Errors.validation(details, describeDetails(details));
        }
      }
      await tx
        .update(products)
        .set({ categoryId: change.categoryId, updatedAt: now })
        .where(inArray(products.id, ids));
    } else if (change.action === 'price') {
      // Prices never go below zero; a percentage rounds to the currency's minor unit. Computed in
      // numeric and refused past MAX_UNIT_PRICE before anything is written, so no price overflows.
      const newPrice =
        change.mode === 'percent'
          ? sql`greatest(0, round(${productVariants.price}::numeric * (100 + ${change.value}) / 100))`
          : sql`greatest(0, ${productVariants.price}::numeric + ${change.value})`;
      const [tooHigh] = await tx
        .select({ productId: productVariants.productId })
        .from(productVariants)
        .where(and(inArray(productVariants.productId, ids), sql`${newPrice} > ${MAX_UNIT_PRICE}`))
        .limit(1);
      if (tooHigh) {
        const details = {
          'change.value': 'Un des prix dépasserait le maximum autorisé : choisissez une hausse plus faible.',
        };
        throw Errors.validation(details, describeDetails(details));
      }
      // The prices replaced stay known (a till offline may still sell at one of them), stamped
      // with the products' new updated_at.
      await tx.execute(sql`
        insert into ${variantPriceHistory} (shop_id, variant_id, price, replaced_at)
        select ${productVariants.shopId}, ${productVariants.id}, ${productVariants.price}, ${now.toISOString()}::timestamptz
        from ${productVariants}
        where ${inArray(productVariants.productId, ids)} and ${newPrice} <> ${productVariants.price}`);
      await tx
        .update(productVariants)
        .set({ price: sql`${newPrice}::bigint` })
        .where(inArray(productVariants.productId, ids));
      await tx
        .update(products)
        .set({
          priceMin: sql`(select min(${productVariants.price}) from ${productVariants} where ${productVariants.productId} = ${products.id})`,
          updatedAt: now,
        })
        .where(inArray(products.id, ids));
    } else {
      try {
        await tx.delete(products).where(inArray(products.id, ids));
        // Tills keep a copy of the catalogue: they learn of deletions from here.
        await tx
          .insert(productRemovals)
          .values(ids.map((productId) => ({ shopId, productId, removedAt: now })))
          .onConflictDoNothing();
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
        throw new AppError(
          'PRODUCT_HAS_ORDERS',
          409,
          'Un des produits figure dans des commandes : il ne peut pas être supprimé. Archivez-le plutôt.',
        );
      }
    }
    return ids.length;
  });
}
