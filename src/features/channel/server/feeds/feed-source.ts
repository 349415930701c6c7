import type { Database } from '@/server/db';
import { publicUrl } from '@/server/env';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { channelCatalogueBatches, type ChannelProduct } from '@/features/product/server/channel-catalogue';
import { findCategories } from '@/features/product/server/product.repository';
import { automaticUnitPricer } from '@/features/discount/server/pricing';
import { siteAddress } from '@/features/storefront/server/site-address';
import { isValidGtin, type FeedItem, type FeedPlatform } from './feed-item';

/*
 * The lines of a shop's catalogue feed, variant by variant, read batch by batch from the product
 * module (never the whole catalogue at once): what the Meta and Google writers and the checker read.
 */

/** The description as text: tags out, entities read, spaces folded. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, '\u2019')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

function absolute(url: string): string {
  return /^https?:\/\//.test(url) ? url : `${publicUrl()}${url.startsWith('/') ? '' : '/'}${url}`;
}

export interface FeedContext {
  shop: ShopRow;
  siteUrl: string;
  isSitePublished: boolean;
  brand: string | null;
}

export async function feedContext(db: Database, shop: ShopRow, brand: string): Promise<FeedContext> {
  const site = await siteAddress(db, shop);
  return { shop, siteUrl: site.url, isSitePublished: site.isPublished, brand: brand || null };
}

/**
 * Every line of the feed of `platform`: the products it is offered on, each variant with its price
 * there (the channel's own, else the catalogue's) and, lower, its sale price (the channel's, or
 * what the shop's automatic discounts take off one unit).
 */
export async function* feedItems(
  db: Database,
  ctx: FeedContext,
  platform: FeedPlatform,
): AsyncGenerator<{ item: FeedItem; product: ChannelProduct }> {
  const { shop } = ctx;
  const categories = await findCategories(db, shop.id);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const pathOf = new Map<string, { names: string; chain: string[] }>();
  const categoryPath = (id: string | null) => {
    if (!id) return null;
    let held = pathOf.get(id);
    if (!held) {
      const names: string[] = [];
      const chain: string[] = [];
      for (
        let at = byId.get(id);
        at && chain.length < 10;
        at = at.parentId ? byId.get(at.parentId) : undefined
      ) {
        names.unshift(at.name);
        chain.push(at.id);
      }
      held = { names: names.join(' > '), chain };
      pathOf.set(id, held);
    }
    return held;
  };
  const pricer = await automaticUnitPricer(db, shop);
  for await (const batch of channelCatalogueBatches(db, shop.id, platform, 100)) {
    for (const product of batch) {
      const description = plainText(product.descriptionHtml);
      const category = categoryPath(product.categoryId);
      const link = `${ctx.siteUrl}/p/${product.slug}`;
      const [main, ...more] = product.images;
      const isGroup = product.variants.length > 1;
      for (const v of product.variants) {
        const label = v.optionValues.join(' / ');
        const regular = Math.max(v.price, v.compareAtPrice ?? 0);
        const own = v.channelPrice ?? v.price;
        const automatic = pricer
          ? pricer({
              variantId: v.id,
              productId: product.id,
              categoryIds: category?.chain ?? [],
              unitPrice: own,
            })
          : own;
        const lowest = Math.min(own, automatic);
        const options: Record<string, string> = {};
        product.options.forEach((o, i) => {
          if (v.optionValues[i] !== undefined) options[o.name] = v.optionValues[i]!;
        });
        const variantImage = v.imageUrl ? absolute(v.imageUrl) : null;
        yield {
          product,
          item: {
            id: v.id,
            itemGroupId: isGroup ? product.id : null,
            productId: product.id,
            title: label ? `${product.name} — ${label}` : product.name,
            description,
            isInStock: !product.trackStock || v.stock > 0,
            price: regular,
            salePrice: lowest < regular ? lowest : null,
            currency: shop.currency,
            link,
            imageLink: variantImage ?? (main ? absolute(main.url) : null),
            additionalImageLinks: more.map((m) => absolute(m.url)),
            imageWidth: variantImage ? null : (main?.width ?? null),
            imageHeight: variantImage ? null : (main?.height ?? null),
            brand: ctx.brand,
            gtin: v.barcode && isValidGtin(v.barcode) ? v.barcode : null,
            mpn: v.sku || null,
            productType: category?.names ?? null,
            options,
          },
        };
      }
    }
  }
}
