import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { executePrepared, type Executor } from '@/server/db';
import { productCategories, productImages, productVariants, products } from '@/server/db/schema/product';
import { lockShop, type ShopRow } from '@/features/shop/server/shop.repository';
import { variantLabel } from './variants-for-sale';

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

/**
 * Each category of the shop with its ancestors, itself first: a discount on « Vêtements » reaches a
 * product filed under « Vêtements > Robes ». A cycle, which the editor never allows, stops the walk.
 */
export async function categoryChains(db: Executor, shopId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ id: productCategories.id, parentId: productCategories.parentId })
    .from(productCategories)
    .where(eq(productCategories.shopId, shopId));
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  const chains = new Map<string, string[]>();
  for (const { id } of rows) {
    const chain: string[] = [];
    for (let at: string | null | undefined = id; at && !chain.includes(at); at = parentOf.get(at))
      chain.push(at);
    chains.set(id, chain);
  }
  return chains;
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

/**
 * The shop's products of a category (`null`: those without one), as a subquery another module puts
 * in its own SQL: the orders of a category filter their lines by it without reading products.
 */
export function productIdsOfCategory(shopId: string, categoryId: string | null): SQL {
  return sql`select ${products.id} from ${products} where ${products.shopId} = ${shopId} and ${
    categoryId === null ? sql`${products.categoryId} is null` : sql`${products.categoryId} = ${categoryId}`
  }`;
}

/** Each product of the shop with its category (`product_id`, `category_id`), as a subquery to join. */
export function categoryOfProducts(shopId: string): SQL {
  return sql`select ${products.id} as product_id, ${products.categoryId} as category_id from ${products}
    where ${products.shopId} = ${shopId}`;
}

/** Names and categories of products (archived ones too), for reports that list what was sold. */
export async function productLabels(
  db: Executor,
  shopId: string,
  productIds: string[],
): Promise<Map<string, { name: string; categoryId: string | null }>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name, categoryId: products.categoryId })
    .from(products)
    .where(and(eq(products.shopId, shopId), inArray(products.id, productIds)));
  return new Map(rows.map((r) => [r.id, { name: r.name, categoryId: r.categoryId }]));
}

/**
 * Variants named as orders name them (« Robe wax (M / Rouge) », `variantLabel`), with their product
 * and its category (archived ones too), for reports that list what was sold by variant. A variant
 * deleted since is absent.
 */
export async function variantLabels(
  db: Executor,
  shopId: string,
  variantIds: string[],
): Promise<Map<string, { label: string; productId: string; categoryId: string | null }>> {
  if (variantIds.length === 0) return new Map();
  // Written by hand and kept prepared: a report names its 100 rows at every read.
  const rows = await executePrepared<{
    id: string;
    product_id: string;
    product_name: string;
    option_values: string[];
    category_id: string | null;
  }>(
    db,
    sql`select v.id, p.id as product_id, p.name as product_name, v.option_values, p.category_id
      from product_variants v join products p on p.id = v.product_id
      where v.shop_id = ${shopId} and v.id = any(${sql.param(variantIds)}::text[])`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        label: variantLabel({ productName: r.product_name, optionValues: r.option_values }),
        productId: r.product_id,
        categoryId: r.category_id,
      },
    ]),
  );
}

/**
 * Each product whose stock is followed, with its stock valued at cost and at price; variants
 * without a cost price are counted apart, not valued at zero.
 */
export async function stockValuation(
  db: Executor,
  shopId: string,
): Promise<
  Array<{
    id: string;
    name: string;
    stock: number;
    lowStockThreshold: number;
    atPrice: number;
    atCost: number;
    unitsWithoutCost: number;
  }>
> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      stock: products.stockTotal,
      lowStockThreshold: products.lowStockThreshold,
      atPrice: sql<string>`coalesce(sum(greatest(${productVariants.stock}, 0) * ${productVariants.price}), 0)`,
      atCost: sql<string>`coalesce(sum(greatest(${productVariants.stock}, 0) * ${productVariants.costPrice}), 0)`,
      unitsWithoutCost: sql<string>`coalesce(sum(greatest(${productVariants.stock}, 0)) filter (where ${productVariants.costPrice} is null), 0)`,
    })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(and(eq(products.shopId, shopId), ne(products.status, 'archived'), eq(products.trackStock, true)))
    .groupBy(products.id);
  return rows.map((r) => ({
    ...r,
    atPrice: Number(r.atPrice),
    atCost: Number(r.atCost),
    unitsWithoutCost: Number(r.unitsWithoutCost),
  }));
}
