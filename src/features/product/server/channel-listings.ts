import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import {
  productChannelHidden,
  products,
  productVariants,
  variantChannelPrices,
} from '@/server/db/schema/product';
import { Errors } from '@/server/http/errors';
import { likePattern } from '@/server/db/like';
import { normalizeForSearch } from '@/shared/search';
import type { ListingChannel } from '../product.constants';

/*
 * Where each product is offered, and at what price, channel by channel (Canaux de vente). The
 * online shop, the till, WhatsApp and the catalogue feeds read it through the functions below.
 */

/** SQL: the product (`p`, or the products table) is offered on the channel. */
export function offeredOn(channel: ListingChannel, productId: SQL | typeof products.id = products.id): SQL {
  return sql`not exists (select 1 from ${productChannelHidden} h where h.product_id = ${productId} and h.channel = ${channel})`;
}

/** SQL: a variant's price on the channel (its own, else the catalogue's). */
export function priceOn(channel: ListingChannel, variantId: SQL, cataloguePrice: SQL): SQL<number> {
  return sql<number>`coalesce((select cp.price from ${variantChannelPrices} cp
    where cp.variant_id = ${variantId} and cp.channel = ${channel}), ${cataloguePrice})`;
}

/** The products of the shop withheld from a channel. */
export async function productIdsHiddenOn(
  db: Executor,
  shopId: string,
  channel: ListingChannel,
  productIds?: readonly string[],
): Promise<Set<string>> {
  if (productIds && productIds.length === 0) return new Set();
  const rows = await db
    .select({ productId: productChannelHidden.productId })
    .from(productChannelHidden)
    .where(
      and(
        eq(productChannelHidden.shopId, shopId),
        eq(productChannelHidden.channel, channel),
        productIds ? inArray(productChannelHidden.productId, [...productIds]) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.productId));
}

export interface ListingVariant {
  id: string;
  label: string;
  price: number;
}

export interface ChannelListing {
  productId: string;
  name: string;
  status: string;
  coverUrl: string | null;
  variants: ListingVariant[];
  hiddenOn: ListingChannel[];
  prices: Array<{ variantId: string; channel: ListingChannel; price: number }>;
}

/**
 * A page of the shop's products with where they are offered and their channel prices, by name
 * (the channels page's table); `after` is the last name and id of the page before.
 */
export async function findChannelListings(
  db: Executor,
  shopId: string,
  query: { search?: string; after?: { name: string; id: string }; limit: number },
): Promise<{ items: ChannelListing[]; hasMore: boolean }> {
  const term = query.search ? normalizeForSearch(query.search) : '';
  const rows = await db
    .select({ id: products.id, name: products.name, status: products.status, coverUrl: products.coverUrl })
    .from(products)
    .where(
      and(
        eq(products.shopId, shopId),
        sql`${products.status} <> 'archived'`,
        term ? sql`${products.searchText} like ${likePattern(term)}` : undefined,
        query.after
          ? sql`(${products.name}, ${products.id}) > (${query.after.name}, ${query.after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(products.name), asc(products.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const items = await listingsOf(
    db,
    shopId,
    page.map((r) => r.id),
  );
  return {
    items: page.map((p) => ({ ...p, ...items.get(p.id)!, productId: p.id })),
    hasMore: rows.length > query.limit,
  };
}

async function listingsOf(db: Executor, shopId: string, productIds: string[]) {
  const result = new Map<string, Pick<ChannelListing, 'variants' | 'hiddenOn' | 'prices'>>(
    productIds.map((id) => [id, { variants: [], hiddenOn: [], prices: [] }]),
  );
  if (productIds.length === 0) return result;
  const [variants, hidden, prices] = await Promise.all([
    db
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        optionValues: productVariants.optionValues,
        price: productVariants.price,
      })
      .from(productVariants)
      .where(and(eq(productVariants.shopId, shopId), inArray(productVariants.productId, productIds)))
      .orderBy(asc(productVariants.productId), asc(productVariants.position)),
    db
      .select()
      .from(productChannelHidden)
      .where(
        and(eq(productChannelHidden.shopId, shopId), inArray(productChannelHidden.productId, productIds)),
      ),
    db
      .select()
      .from(variantChannelPrices)
      .where(
        and(eq(variantChannelPrices.shopId, shopId), inArray(variantChannelPrices.productId, productIds)),
      ),
  ]);
  for (const v of variants)
    result.get(v.productId)!.variants.push({
      id: v.id,
      label: v.optionValues.length ? v.optionValues.join(' / ') : 'Prix unique',
      price: Number(v.price),
    });
  for (const h of hidden) result.get(h.productId)?.hiddenOn.push(h.channel as ListingChannel);
  for (const p of prices)
    result.get(p.productId)?.prices.push({
      variantId: p.variantId,
      channel: p.channel as ListingChannel,
      price: Number(p.price),
    });
  return result;
}

/** One product's listing. */
export async function findChannelListing(
  db: Executor,
  shopId: string,
  productId: string,
): Promise<ChannelListing | null> {
  const [product] = await db
    .select({ id: products.id, name: products.name, status: products.status, coverUrl: products.coverUrl })
    .from(products)
    .where(and(eq(products.shopId, shopId), eq(products.id, productId)));
  if (!product) return null;
  const listing = (await listingsOf(db, shopId, [productId])).get(productId)!;
  return { productId, name: product.name, status: product.status, coverUrl: product.coverUrl, ...listing };
}

/**
 * Replaces where a product is offered and its channel prices. Its `updated_at` moves, so the tills'
 * copies of the catalogue, the online shop's pages and the feeds see the change.
 */
export async function saveChannelListing(
  db: Database,
  shopId: string,
  productId: string,
  input: {
    hiddenOn: readonly ListingChannel[];
    prices: ReadonlyArray<{ variantId: string; channel: ListingChannel; price: number }>;
  },
): Promise<ChannelListing> {
  await db.transaction(async (tx) => {
    const [product] = await tx
      .update(products)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(products.shopId, shopId), eq(products.id, productId)))
      .returning({ id: products.id });
    if (!product) throw Errors.notFound('Ce produit');
    const variantIds = new Set(
      (
        await tx
          .select({ id: productVariants.id })
          .from(productVariants)
          .where(and(eq(productVariants.shopId, shopId), eq(productVariants.productId, productId)))
      ).map((v) => v.id),
    );
    const errors: Record<string, string> = {};
    input.prices.forEach((p, i) => {
      if (!variantIds.has(p.variantId))
        errors[`prices.${i}.variantId`] = 'Cette variante n’est pas celle du produit.';
    });
    if (Object.keys(errors).length) throw Errors.validation(errors);
    await tx
      .delete(productChannelHidden)
      .where(and(eq(productChannelHidden.shopId, shopId), eq(productChannelHidden.productId, productId)));
    await tx
      .delete(variantChannelPrices)
      .where(and(eq(variantChannelPrices.shopId, shopId), eq(variantChannelPrices.productId, productId)));
    if (input.hiddenOn.length)
      await tx
        .insert(productChannelHidden)
        .values([...new Set(input.hiddenOn)].map((channel) => ({ shopId, productId, channel })));
    if (input.prices.length)
      await tx
        .insert(variantChannelPrices)
        .values(input.prices.map((p) => ({ shopId, productId, ...p })))
        .onConflictDoUpdate({
          target: [variantChannelPrices.variantId, variantChannelPrices.channel],
          set: { price: sql`excluded.price` },
        });
  });
  return (await findChannelListing(db, shopId, productId))!;
}

/** How many of the shop's products each channel withholds. */
export async function countHiddenByChannel(
  db: Executor,
  shopId: string,
): Promise<Map<ListingChannel, number>> {
  const rows = await db
    .select({ channel: productChannelHidden.channel, n: sql<number>`count(*)::int` })
    .from(productChannelHidden)
    .where(eq(productChannelHidden.shopId, shopId))
    .groupBy(productChannelHidden.channel);
  return new Map(rows.map((r) => [r.channel as ListingChannel, Number(r.n)]));
}
