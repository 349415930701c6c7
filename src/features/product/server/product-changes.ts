import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import {
  changedAfter,
  instantOf,
  microsOf,
  nextChangeCursor,
  readChangeCursor,
} from '@/server/db/change-cursor';
import { productCategories, productRemovals, productVariants, products } from '@/server/db/schema/product';

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;

/**
 * The shop's catalogue changed since the cursor, for a copy kept elsewhere (the till): products with
 * their variants in position order, the ids of products deleted since, and every category (few).
 */
export async function productChanges(db: Executor, shopId: string, since: string | undefined, limit: number) {
  const from = readChangeCursor(since);
  const rows = await db
    .select({ product: products, micros: microsOf(products.updatedAt) })
    .from(products)
    .where(and(eq(products.shopId, shopId), changedAfter(products, from)))
    .orderBy(asc(products.updatedAt), asc(products.id))
    .limit(limit + 1);
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const variants = page.length
    ? await db
        .select()
        .from(productVariants)
        .where(
          inArray(
            productVariants.productId,
            page.map((r) => r.product.id),
          ),
        )
        .orderBy(asc(productVariants.productId), asc(productVariants.position))
    : [];
  const removals = await db
    .select({ productId: productRemovals.productId })
    .from(productRemovals)
    .where(and(eq(productRemovals.shopId, shopId), sql`${productRemovals.removedAt} > ${instantOf(from)}`));
  const categories = await db
    .select({ id: productCategories.id, name: productCategories.name })
    .from(productCategories)
    .where(eq(productCategories.shopId, shopId))
    .orderBy(asc(productCategories.name));

  const variantsOf = new Map<string, VariantRow[]>();
  for (const v of variants) variantsOf.set(v.productId, [...(variantsOf.get(v.productId) ?? []), v]);
  const changed: Array<ProductRow & { variants: VariantRow[] }> = page.map(({ product }) => ({
    ...product,
    variants: variantsOf.get(product.id) ?? [],
  }));
  const last = page.at(-1);
  return {
    products: changed,
    deletedIds: removals.map((r) => r.productId),
    categories,
    cursor: nextChangeCursor(last && { micros: last.micros, id: last.product.id }, from, hasMore),
    hasMore,
  };
}
