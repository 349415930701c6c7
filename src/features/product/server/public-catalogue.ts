import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { executePrepared, type Executor } from '@/server/db';
import { productImages, products, productVariants } from '@/server/db/schema/product';
import { likePattern } from '@/server/db/like';
import { normalizeForSearch } from '@/shared/search';
import { findCategories, withDescendants } from './product.repository';
import { offeredOn } from './channel-listings';

/*
 * What the online shop may show of the catalogue: active products only, those not withheld from
 * it (Canaux de vente), at its own prices where it has some, and of them what a buyer sees (never
 * a cost price, a SKU or, unless asked, a stock count). Read by the storefront module.
 */

export interface PublicImage {
  list: string;
  card: string;
  zoom: string;
}

export interface PublicProductCard {
  id: string;
  slug: string;
  name: string;
  /** The lowest price of its variants; « à partir de » when they differ. */
  priceMin: number;
  priceMax: number;
  compareAtPrice: number | null;
  image: PublicImage | null;
  isAvailable: boolean;
}

export type PublicSort = 'recent' | 'price_asc' | 'price_desc' | 'name';

const isActive = (shopId: string) =>
  and(eq(products.shopId, shopId), eq(products.status, 'active'), offeredOn('site'))!;

/** A variant's price in the online shop: its own there, else the catalogue's. */
const sitePrice = (v: string) =>
  sql.raw(`coalesce((select cp.price from variant_channel_prices cp where cp.variant_id = ${v}.id
    and cp.channel = 'site'), ${v}.price)`);

/** A product can be bought when one variant has stock, or its stock is not counted. */
const isAvailable = sql<boolean>`(not ${products.trackStock} or ${products.stockTotal} > 0)`;

const firstImage = sql<PublicImage | null>`(select json_build_object('list', i.list_url, 'card', i.card_url,
  'zoom', i.zoom_url) from ${productImages} i where i.product_id = ${products.id} order by i.position limit 1)`;

const priceMin = sql<number>`(select min(${sitePrice('v')}) from ${productVariants} v where v.product_id = ${products.id})::float8`;
const priceMax = sql<number>`(select max(${sitePrice('v')}) from ${productVariants} v where v.product_id = ${products.id})::float8`;
// A site price under the catalogue's shows the catalogue's struck through, as a « prix barré » does.
const compareAt = sql<
  number | null
>`(select max(greatest(coalesce(v.compare_at_price, 0), v.price)) from ${productVariants} v
  where v.product_id = ${products.id} and greatest(coalesce(v.compare_at_price, 0), v.price) > ${sitePrice('v')})::float8`;

const ORDERS: Record<PublicSort, SQL[]> = {
  recent: [desc(products.id)],
  price_asc: [asc(products.priceMin), desc(products.id)],
  price_desc: [desc(products.priceMin), desc(products.id)],
  name: [asc(products.name), desc(products.id)],
};

export async function findPublicProducts(
  db: Executor,
  shopId: string,
  query: {
    categoryId?: string;
    search?: string;
    sort?: PublicSort;
    limit: number;
    offset?: number;
    ids?: string[];
  },
): Promise<{ items: PublicProductCard[]; total: number }> {
  const conditions: SQL[] = [isActive(shopId)];
  if (query.categoryId) {
    const ids = withDescendants(await findCategories(db, shopId), query.categoryId);
    conditions.push(inArray(products.categoryId, ids));
  }
  const term = query.search ? normalizeForSearch(query.search) : '';
  if (term) conditions.push(sql`${products.searchText} like ${likePattern(term)}`);
  if (query.ids) conditions.push(inArray(products.id, query.ids.length ? query.ids : ['']));
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: products.id,
        slug: products.slug,
        name: products.name,
        priceMin,
        priceMax,
        compareAtPrice: compareAt,
        image: firstImage,
        isAvailable,
      })
      .from(products)
      .where(where)
      .orderBy(...ORDERS[query.sort ?? 'recent'])
      .limit(query.limit)
      .offset(query.offset ?? 0),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      priceMin: Number(r.priceMin),
      priceMax: Number(r.priceMax),
      compareAtPrice: r.compareAtPrice && Number(r.compareAtPrice),
    })),
    total: Number(count?.n ?? 0),
  };
}

export interface PublicVariant {
  id: string;
  optionValues: string[];
  price: number;
  compareAtPrice: number | null;
  isAvailable: boolean;
  /** Null when the shop hides counts or does not count this product's stock. */
  stock: number | null;
}

export interface PublicProduct {
  id: string;
  slug: string;
  name: string;
  descriptionHtml: string;
  /** For search engines; empty: the page uses the name and the description. */
  seoTitle: string;
  seoDescription: string;
  categoryId: string | null;
  options: Array<{ name: string; values: string[] }>;
  images: PublicImage[];
  variants: PublicVariant[];
  updatedAt: Date;
}

/**
 * One active product by its address, with its variants and pictures: one statement (a product
 * page not yet kept by the storefront's cache is drawn from one round trip).
 */
export async function findPublicProduct(
  db: Executor,
  shopId: string,
  slug: string,
  showsStockCounts: boolean,
): Promise<PublicProduct | null> {
  const [row] = await executePrepared<{
    id: string;
    slug: string;
    name: string;
    description_html: string;
    seo_title: string;
    seo_description: string;
    category_id: string | null;
    options: PublicProduct['options'];
    track_stock: boolean;
    updated_at: Date | string;
    variants: Array<{
      id: string;
      optionValues: string[];
      price: number;
      compareAtPrice: number | null;
      stock: number;
    }>;
    images: PublicImage[];
  }>(
    db,
    sql`select p.id, p.slug, p.name, p.description_html, p.seo_title, p.seo_description, p.category_id, p.options, p.track_stock, p.updated_at,
      (select coalesce(json_agg(json_build_object('id', v.id, 'optionValues', v.option_values, 'price', ${sitePrice('v')},
          'compareAtPrice', greatest(coalesce(v.compare_at_price, 0), v.price), 'stock', v.stock) order by v.position), '[]')
        from product_variants v where v.product_id = p.id) as variants,
      (select coalesce(json_agg(json_build_object('list', i.list_url, 'card', i.card_url, 'zoom', i.zoom_url)
          order by i.position), '[]')
        from product_images i where i.product_id = p.id) as images
    from products p
    where p.shop_id = ${shopId} and p.status = 'active' and p.slug = ${slug} and ${offeredOn('site', sql`p.id`)}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    descriptionHtml: row.description_html,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    categoryId: row.category_id,
    options: row.options,
    images: row.images,
    updatedAt: new Date(row.updated_at),
    variants: row.variants.map((v) => {
      const price = Number(v.price);
      const compareAt = v.compareAtPrice === null ? null : Number(v.compareAtPrice);
      return {
        id: v.id,
        optionValues: v.optionValues,
        price,
        compareAtPrice: compareAt !== null && compareAt > price ? compareAt : null,
        isAvailable: !row.track_stock || v.stock > 0,
        stock: row.track_stock && showsStockCounts ? Math.max(0, v.stock) : null,
      };
    }),
  };
}

export interface PublicCategory {
  id: string;
  name: string;
  parentId: string | null;
}

/** The shop's categories that hold at least one active product (themselves or below them). */
export async function findPublicCategories(db: Executor, shopId: string): Promise<PublicCategory[]> {
  const [categories, used] = await Promise.all([
    findCategories(db, shopId),
    db.selectDistinct({ categoryId: products.categoryId }).from(products).where(isActive(shopId)),
  ]);
  const parentOf = new Map(categories.map((c) => [c.id, c.parentId]));
  const shown = new Set<string>();
  for (const { categoryId } of used)
    for (let at = categoryId; at && !shown.has(at); at = parentOf.get(at) ?? null) shown.add(at);
  return categories
    .filter((c) => shown.has(c.id))
    .map((c) => ({ id: c.id, name: c.name, parentId: c.parentId }));
}

/** What the cart and the checkout show of the variants a buyer chose (active products only). */
export interface PublicCartVariant {
  id: string;
  productSlug: string;
  productName: string;
  optionValues: string[];
  price: number;
  image: string | null;
  /** How many can still be bought; null when the product's stock is not counted. */
  stock: number | null;
}

export async function findPublicVariants(
  db: Executor,
  shopId: string,
  variantIds: string[],
): Promise<Map<string, PublicCartVariant>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: productVariants.id,
      productSlug: products.slug,
      productName: products.name,
      optionValues: productVariants.optionValues,
      price: sql<number>`${sitePrice('product_variants')}::float8`,
      image: sql<string | null>`coalesce(${productVariants.imageUrl}, ${products.coverUrl})`,
      trackStock: products.trackStock,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(isActive(shopId), inArray(productVariants.id, variantIds)));
  return new Map(
    rows.map(({ trackStock, stock, ...r }) => [
      r.id,
      { ...r, price: Number(r.price), stock: trackStock ? Math.max(0, stock) : null },
    ]),
  );
}

/** Every active product's address and last change, for the shop's sitemap.xml (50 000 at most). */
export async function findPublicProductSlugs(
  db: Executor,
  shopId: string,
): Promise<Array<{ slug: string; updatedAt: Date }>> {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(isActive(shopId))
    .orderBy(desc(products.id))
    .limit(50_000);
}
