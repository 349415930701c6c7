import { bigint, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { StaticPages, StorefrontLayout } from '@/shared/storefront/layout';
import { shops } from './shop';
import { createdAt } from './columns';

/**
 * A shop's online shop: whether it is open to the public, its look (the sections of its home page,
 * versioned, and its colours), its static pages, and how its buyers may pay and receive.
 * No row: the shop never opened its site (the defaults of storefront.repository.ts).
 */
export const storefronts = pgTable('storefronts', {
  shopId: text('shop_id')
    .primaryKey()
    .references(() => shops.id),
  isPublished: boolean('is_published').notNull().default(false),
  layout: jsonb('layout').$type<StorefrontLayout>().notNull(),
  primaryColor: text('primary_color').notNull(),
  tagline: text('tagline').notNull().default(''),
  pages: jsonb('pages').$type<StaticPages>().notNull(),
  allowsMobileMoney: boolean('allows_mobile_money').notNull().default(true),
  allowsCashOnDelivery: boolean('allows_cash_on_delivery').notNull().default(true),
  /** Cash on delivery only up to this total (minor unit); null: any total. */
  cashOnDeliveryMax: bigint('cash_on_delivery_max', { mode: 'number' }),
  allowsPickup: boolean('allows_pickup').notNull().default(true),
  /** Show « Plus que 3 en stock » on product pages; else only « Disponible » / « Épuisé ». */
  showsStockCounts: boolean('shows_stock_counts').notNull().default(false),
  /** The shop's own domain (« www.boutique-awa.sn »), lower-case, without scheme or port. */
  customDomain: text('custom_domain').unique(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A buyer's cart once they typed their phone at checkout: if no order follows within the hour,
 * the shop sees it among « Paniers abandonnés » and may send a reminder.
 */
export const storefrontCarts = pgTable(
  'storefront_carts',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    phone: text('phone').notNull(),
    name: text('name').notNull().default(''),
    /** The cart as the buyer last saw it, priced then: [{ variantId, name, quantity, unitPrice }]. */
    lines: jsonb('lines')
      .$type<Array<{ variantId: string; name: string; quantity: number; unitPrice: number }>>()
      .notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    orderId: text('order_id'),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('storefront_carts_shop_idx').on(t.shopId, t.updatedAt)],
);
