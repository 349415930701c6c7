import { sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import type { ListingChannel } from '../product.constants';
import { offeredOn } from './channel-listings';

/*
 * The catalogue as one sales channel offers it (Canaux de vente): active products not withheld
 * from it, each variant with the channel's own price where it has one. WhatsApp's paste-to-order
 * matches against it; the Meta and Google feeds are written from it, batch by batch.
 */

export interface ChannelVariant {
  id: string;
  optionValues: string[];
  /** The catalogue's price. */
  price: number;
  /** The channel's own price, if it has one. */
  channelPrice: number | null;
  compareAtPrice: number | null;
  sku: string | null;
  barcode: string | null;
  stock: number;
  imageUrl: string | null;
}

export interface ChannelProduct {
  id: string;
  name: string;
  slug: string;
  descriptionHtml: string;
  categoryId: string | null;
  trackStock: boolean;
  options: Array<{ name: string; values: string[] }>;
  variants: ChannelVariant[];
  /** Up to ten pictures, the cover first, at their largest size, with their size as uploaded. */
  images: Array<{ url: string; width: number | null; height: number | null }>;
}

interface BatchRow extends Record<string, unknown> {
  id: string;
  name: string;
  slug: string;
  description_html: string;
  category_id: string | null;
  track_stock: boolean;
  options: ChannelProduct['options'];
  variants: ChannelVariant[] | null;
  images: ChannelProduct['images'] | null;
}

async function readChannelProducts(
  db: Executor,
  shopId: string,
  channel: ListingChannel,
  page: { after: string; limit: number; productId?: string },
): Promise<ChannelProduct[]> {
  const result =
    await db.execute<BatchRow>(sql`select p.id, p.name, p.slug, p.description_html, p.category_id,
      p.track_stock, p.options,
      (select json_agg(json_build_object('id', v.id, 'optionValues', v.option_values, 'price', v.price,
          'channelPrice', cp.price, 'compareAtPrice', v.compare_at_price, 'sku', v.sku, 'barcode', v.barcode,
          'stock', v.stock, 'imageUrl', v.image_url) order by v.position)
        from product_variants v
        left join variant_channel_prices cp on cp.variant_id = v.id and cp.channel = ${channel}
        where v.product_id = p.id) as variants,
      (select json_agg(json_build_object('url', i.zoom_url, 'width', i.width, 'height', i.height) order by i.position)
        from (select zoom_url, width, height, position from product_images
          where product_id = p.id order by position limit 10) i) as images
    from products p
    where p.shop_id = ${shopId} and p.status = 'active' and p.id > ${page.after}
      ${page.productId ? sql`and p.id = ${page.productId}` : sql``}
      and ${offeredOn(channel, sql`p.id`)}
    order by p.id
    limit ${page.limit}`);
  const { rows } = result as unknown as { rows: BatchRow[] };
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    descriptionHtml: r.description_html,
    categoryId: r.category_id,
    trackStock: r.track_stock,
    options: r.options,
    variants: (r.variants ?? []).map((v) => ({
      ...v,
      price: Number(v.price),
      channelPrice: v.channelPrice === null ? null : Number(v.channelPrice),
      compareAtPrice: v.compareAtPrice === null ? null : Number(v.compareAtPrice),
      stock: Number(v.stock),
    })),
    images: r.images ?? [],
  }));
}

/**
 * The channel's products by id, `batchSize` at a time: each batch is one statement, and the next
 * is read only once the caller has used the last, so memory stays flat whatever the catalogue.
 */
export async function* channelCatalogueBatches(
  db: Executor,
  shopId: string,
  channel: ListingChannel,
  batchSize = 500,
): AsyncGenerator<ChannelProduct[]> {
  let after = '';
  for (;;) {
    const batch = await readChannelProducts(db, shopId, channel, { after, limit: batchSize });
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < batchSize) return;
    after = batch.at(-1)!.id;
  }
}

/** One product as the channel offers it; null when it is not active or withheld from it. */
export async function findChannelProduct(
  db: Executor,
  shopId: string,
  channel: ListingChannel,
  productId: string,
): Promise<ChannelProduct | null> {
  const [product] = await readChannelProducts(db, shopId, channel, { after: '', limit: 1, productId });
  return product ?? null;
}

export interface MatchableRow {
  variantId: string;
  productId: string;
  productName: string;
  /** Option values of the variant, e.g. ['M'] or ['50cl'] or []. */
  optionValues: string[];
  sku: string | null;
  /** The channel's price (its own, else the catalogue's). */
  price: number;
  /** Null when the product's stock is not counted. */
  stock: number | null;
}

/** Every variant the channel offers, flat: what paste-to-order's index is built from. */
export async function findChannelVariants(
  db: Executor,
  shopId: string,
  channel: ListingChannel,
): Promise<MatchableRow[]> {
  const result = await db.execute<{
    variant_id: string;
    product_id: string;
    product_name: string;
    option_values: string[];
    sku: string | null;
    price: number | string;
    stock: number | null;
  }>(sql`select v.id as variant_id, p.id as product_id, p.name as product_name, v.option_values, v.sku,
      coalesce(cp.price, v.price) as price, case when p.track_stock then v.stock end as stock
    from products p
    join product_variants v on v.product_id = p.id
    left join variant_channel_prices cp on cp.variant_id = v.id and cp.channel = ${channel}
    where p.shop_id = ${shopId} and p.status = 'active' and ${offeredOn(channel, sql`p.id`)}`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map((r) => ({
    variantId: r.variant_id as string,
    productId: r.product_id as string,
    productName: r.product_name as string,
    optionValues: r.option_values as string[],
    sku: r.sku as string | null,
    price: Number(r.price),
    stock: r.stock === null ? null : Number(r.stock),
  }));
}

/**
 * What moves whenever the shop's catalogue does (a product made, saved, its stock or channel
 * prices changed, one deleted): the key under which what is built from it is kept. Two index
 * lookups, no count: a new product's `updated_at` is the newest.
 */
export async function catalogueVersion(db: Executor, shopId: string): Promise<string> {
  const { at, removed } = await catalogueInstants(db, shopId);
  return `${at ?? ''}|${removed ?? ''}`;
}

/** The last product saved and the last one deleted, as instants PostgreSQL reads back exactly. */
export async function catalogueInstants(
  db: Executor,
  shopId: string,
): Promise<{ at: string | null; removed: string | null }> {
  const result = await db.execute<{ at: string | null; removed: string | null }>(
    sql`select (select max(updated_at)::text from products where shop_id = ${shopId}) as at,
      (select max(removed_at)::text from product_removals where shop_id = ${shopId}) as removed`,
  );
  return (result as unknown as { rows: Array<{ at: string | null; removed: string | null }> }).rows[0]!;
}

/**
 * What paste-to-order's index is made of, product by product (name, status, whether the channel
 * offers it, its variants' ids and options), as a digest: a product whose digest is unchanged
 * since the index was built (its stock or prices moved) leaves the index as it is. `since`: only
 * the products saved after that instant (the `at` of catalogueVersion); null: all of them.
 */
export async function channelIndexDigests(
  db: Executor,
  shopId: string,
  channel: ListingChannel,
  since: string | null,
  limit = 100_000,
): Promise<Map<string, string>> {
  const result = await db.execute<{
    id: string;
    digest: string;
  }>(sql`select p.id, md5(p.name || '|' || p.status
      || '|' || (${offeredOn(channel, sql`p.id`)})::text || '|' || coalesce((select string_agg(v.id || ':' || v.option_values::text
        || ':' || coalesce(v.sku, ''), ',' order by v.id) from product_variants v where v.product_id = p.id), '')) as digest
    from products p
    where p.shop_id = ${shopId} ${since === null ? sql`` : sql`and p.updated_at > ${since}::timestamptz`}
    limit ${limit}`);
  return new Map(
    (result as unknown as { rows: Array<{ id: string; digest: string }> }).rows.map((r) => [r.id, r.digest]),
  );
}

/** The channel's price and the stock of these variants now (null stock: not counted). */
export async function channelVariantFigures(
  db: Executor,
  shopId: string,
  channel: ListingChannel,
  variantIds: readonly string[],
): Promise<Map<string, { price: number; stock: number | null }>> {
  if (variantIds.length === 0) return new Map();
  const result = await db.execute<{
    id: string;
    price: string | number;
    stock: number | null;
  }>(sql`select v.id,
      coalesce(cp.price, v.price) as price, case when p.track_stock then v.stock end as stock
    from product_variants v
    join products p on p.id = v.product_id
    left join variant_channel_prices cp on cp.variant_id = v.id and cp.channel = ${channel}
    where v.shop_id = ${shopId} and v.id in (${sql.join(
      variantIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const rows = (
    result as unknown as { rows: Array<{ id: string; price: string | number; stock: number | null }> }
  ).rows;
  return new Map(
    rows.map((r) => [r.id, { price: Number(r.price), stock: r.stock === null ? null : Number(r.stock) }]),
  );
}
