import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { shops } from './shop';
import { users } from './user';
import { createdAt } from './columns';

/** A tree per shop: a category may sit under another (parentId). */
export const productCategories = pgTable(
  'product_categories',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    parentId: text('parent_id'),
    createdAt: createdAt(),
  },
  (t) => [index('product_categories_shop_idx').on(t.shopId)],
);

/**
 * A product. Prices, stock and codes live on its variants (a product without options has one);
 * `priceMin` and `stockTotal` are kept with them in the same transaction, for the list's sorts and
 * filters. `searchText` is the name, SKUs and barcodes, lower-cased without accents.
 */
export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    /**
     * The product's address in the online shop (`/<shop>/p/<slug>`): made from its first name and
     * kept when it is renamed, so shared links and search engines keep finding it.
     */
    slug: text('slug').notNull(),
    descriptionHtml: text('description_html').notNull().default(''),
    /** The online shop's title and description for search engines; empty: the name, the description. */
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    status: text('status').notNull().default('active'),
    categoryId: text('category_id').references(() => productCategories.id, { onDelete: 'set null' }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    trackStock: boolean('track_stock').notNull().default(true),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(0),
    weightGrams: integer('weight_grams'),
    /** Up to three options, e.g. [{ name: 'Taille', values: ['S', 'M'] }]. */
    options: jsonb('options').$type<Array<{ name: string; values: string[] }>>().notNull().default([]),
    priceMin: bigint('price_min', { mode: 'number' }).notNull().default(0),
    stockTotal: integer('stock_total').notNull().default(0),
    coverUrl: text('cover_url'),
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's default order (« récents ») is the id's: a shop's first page reads 51 entries
    // whatever the other shops hold, even before the planner has statistics.
    // It also carries category_id (INCLUDE, migration 0035, which drizzle does not declare): the
    // category reports of Statistiques read a shop's products' categories from it alone.
    index('products_shop_id_idx').on(t.shopId, t.id),
    // « contains » search (LIKE '%…%') through trigrams: an index lookup instead of a scan of the shop.
    index('products_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('products_shop_name_idx').on(t.shopId, t.name, t.id),
    index('products_shop_price_idx').on(t.shopId, t.priceMin, t.id),
    index('products_shop_stock_idx').on(t.shopId, t.stockTotal, t.id),
    // The till's catalogue refresh: what changed since its last look.
    index('products_shop_updated_idx').on(t.shopId, t.updatedAt, t.id),
    uniqueIndex('products_shop_slug_uq').on(t.shopId, t.slug),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The option values in the product's option order, e.g. ['M', 'Rouge']; [] for the default variant. */
    optionValues: jsonb('option_values').$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    price: bigint('price', { mode: 'number' }).notNull(),
    compareAtPrice: bigint('compare_at_price', { mode: 'number' }),
    costPrice: bigint('cost_price', { mode: 'number' }),
    sku: text('sku'),
    barcode: text('barcode'),
    stock: integer('stock').notNull().default(0),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.position),
    uniqueIndex('product_variants_sku_uq')
      .on(t.shopId, t.sku)
      .where(sql`${t.sku} is not null`),
    uniqueIndex('product_variants_barcode_uq')
      .on(t.shopId, t.barcode)
      .where(sql`${t.barcode} is not null`),
  ],
);

/**
 * The prices a variant had before its current one, each with the instant it was replaced (the
 * current price stays on the variant). A till may sell at a price its copy of the catalogue
 * showed after the catalogue has changed: the sale is judged on the lowest price the variant had
 * since that copy was read (`lowestPricesSince`). Written wherever a price changes; never updated.
 */
export const variantPriceHistory = pgTable(
  'variant_price_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    variantId: text('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    price: bigint('price', { mode: 'number' }).notNull(),
    /** The product's `updated_at` of the change, the clock a till's catalogue cursor reads. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('variant_price_history_variant_idx').on(t.variantId, t.replacedAt)],
);

/** Ordered pictures of a product; the first is its cover. Each upload gives three WebP sizes. */
export const productImages = pgTable(
  'product_images',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    listUrl: text('list_url').notNull(),
    cardUrl: text('card_url').notNull(),
    zoomUrl: text('zoom_url').notNull(),
    /** The picture as uploaded, in pixels (null before migration 0044): what catalogue feeds check. */
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/** Every stock change, written in the transaction that changes the count; never updated. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: text('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    userId: text('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_variant_idx').on(t.variantId, t.createdAt.desc()),
    index('stock_movements_shop_idx').on(t.shopId, t.createdAt.desc()),
  ],
);

/** Deleted products, so a till's copy of the catalogue drops them on its next refresh. */
export const productRemovals = pgTable(
  'product_removals',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    productId: text('product_id').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.productId] }),
    index('product_removals_time_idx').on(t.shopId, t.removedAt),
  ],
);

/**
 * A product a sales channel does not offer (Canaux de vente): the online shop does not show it, the
 * till does not list it, WhatsApp does not propose it, the Meta and Google feeds leave it out. No
 * row: offered everywhere.
 */
export const productChannelHidden = pgTable(
  'product_channel_hidden',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.channel] }),
    index('product_channel_hidden_shop_idx').on(t.shopId, t.channel),
  ],
);

/**
 * A variant's own price on one channel (a site-only or WhatsApp promotion): what that channel
 * sells it at instead of the catalogue's price. No row: the catalogue's price.
 */
export const variantChannelPrices = pgTable(
  'variant_channel_prices',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: text('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.channel] }),
    index('variant_channel_prices_product_idx').on(t.productId),
    index('variant_channel_prices_shop_idx').on(t.shopId, t.channel),
  ],
);
