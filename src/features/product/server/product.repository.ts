import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { productCategories, productImages, productVariants, products } from '@/server/db/schema/product';
import { lockShop, type ShopRow } from '@/features/shop/server/shop.repository';

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;
export type ImageRow = typeof productImages.$inferSelect;
export type CategoryRow = typeof productCategories.$inferSelect;

/** Every product of the shop, archived and drafts included: what the plan's product quota counts. */
export async function countProductsOfShop(db: Executor, shopId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.shopId, shopId));
  return Number(row?.n ?? 0);
}

export async function findProduct(
  db: Executor,
  shopId: string,
  productId: string,
): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.shopId, shopId)))
    .limit(1);
  return row ?? null;
}

export async function findVariantsOf(db: Executor, productIds: string[]): Promise<VariantRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
}

export async function findImagesOf(db: Executor, productId: string): Promise<ImageRow[]> {
  return db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
}

/**
 * The shop's row, locked so that the saves of its catalogue (creates under the products quota,
 * edits checking that their codes are free) run one after another. FOR NO KEY UPDATE rather than
 * lockShop's FOR UPDATE: it still excludes lockShop and itself, but not the KEY SHARE lock that
 * every row referencing the shop takes when inserted; a sale writes a stock movement while it
 * holds its variant, so with FOR UPDATE an edit waiting on that variant deadlocks with the sale.
 */
export async function lockShopCatalogue(db: Executor, shopId: string): Promise<ShopRow> {
  return lockShop(db, shopId, 'no key update');
}

/**
 * Locks the variants of these products, in id order. A stock change takes its variant's row and
 * then the product's (changeStock), and an inventory count its variants in id order: a writer that
 * also touches the product row (edit, bulk action) takes the variants first, in that same order,
 * so that it and a sale wait for each other instead of deadlocking.
 */
export async function lockVariantsOf(db: Executor, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.id))
    .for('update');
}

/** Which of these SKUs / barcodes another product of the shop already uses. */
export async function findTakenCodes(
  db: Executor,
  shopId: string,
  codes: { skus: string[]; barcodes: string[] },
  exceptProductId: string | null,
): Promise<{ skus: Set<string>; barcodes: Set<string> }> {
  const notThisProduct = exceptProductId ? ne(productVariants.productId, exceptProductId) : undefined;
  const [skuRows, barcodeRows] = await Promise.all([
    codes.skus.length
      ? db
          .select({ code: productVariants.sku })
          .from(productVariants)
          .where(
            and(eq(productVariants.shopId, shopId), inArray(productVariants.sku, codes.skus), notThisProduct),
          )
      : [],
    codes.barcodes.length
      ? db
          .select({ code: productVariants.barcode })
          .from(productVariants)
          .where(
            and(
              eq(productVariants.shopId, shopId),
              inArray(productVariants.barcode, codes.barcodes),
              notThisProduct,
            ),
          )
      : [],
  ]);
  return {
    skus: new Set(skuRows.map((r) => r.code!)),
    barcodes: new Set(barcodeRows.map((r) => r.code!)),
  };
}

export async function findCategories(db: Executor, shopId: string): Promise<CategoryRow[]> {
  return db
    .select()
    .from(productCategories)
    .where(eq(productCategories.shopId, shopId))
    .orderBy(asc(productCategories.name));
}

/** A category and every category under it, for the list's filter. */
export function withDescendants(categories: CategoryRow[], rootId: string): string[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++)
    for (const c of categories) if (c.parentId === ids[i] && !ids.includes(c.id)) ids.push(c.id);
  return ids;
}

/** Of these ids, those that are not the shop's (a discount naming products must name its own). */
export async function foreignCatalogueIds(
  db: Executor,
  shopId: string,
  ids: { productIds: string[]; variantIds: string[]; categoryIds: string[] },
): Promise<{ productIds: string[]; variantIds: string[]; categoryIds: string[] }> {
  const owned = async (
    table: typeof products | typeof productVariants | typeof productCategories,
    list: string[],
  ) => {
    if (list.length === 0) return [];
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.shopId, shopId), inArray(table.id, list)));
    const found = new Set(rows.map((r) => r.id));
    return list.filter((id) => !found.has(id));
  };
  return {
    productIds: await owned(products, ids.productIds),
    variantIds: await owned(productVariants, ids.variantIds),
    categoryIds: await owned(productCategories, ids.categoryIds),
  };
}
