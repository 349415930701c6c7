import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { StorefrontLayout } from '@/shared/storefront/layout';
import { shops } from './shop';
import { createdAt } from './columns';

/**
 * A shop's online shop: whether it is open to the public, its published design (theme, colour,
 * menus, pages and their sections: src/shared/storefront/layout.ts), the draft the site builder
 * saves as the seller edits, and how its buyers may pay and receive.
 * No row: the shop never opened its site (the defaults of storefront.repository.ts).
 */
export const storefronts = pgTable('storefronts', {
  shopId: text('shop_id')
    .primaryKey()
    .references(() => shops.id),
  isPublished: boolean('is_published').notNull().default(false),
  /** What buyers see. */
  layout: jsonb('layout').$type<StorefrontLayout>().notNull(),
  /** The builder's unpublished changes; null: none, the draft is the published design. */
  draft: jsonb('draft').$type<StorefrontLayout>(),
  draftUpdatedAt: timestamp('draft_updated_at', { withTimezone: true }),
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

/** Each publication of a shop's design, so that « Historique » can bring an earlier one back. */
export const storefrontVersions = pgTable(
  'storefront_versions',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    /** 1, 2, 3… per shop, in the order published. */
    number: integer('number').notNull(),
    layout: jsonb('layout').$type<StorefrontLayout>().notNull(),
    publishedByUserId: text('published_by_user_id'),
    /** The version this one brought back, when it was a restore. */
    restoredFromNumber: integer('restored_from_number'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('storefront_versions_shop_number_uq').on(t.shopId, t.number)],
);

/**
 * A buyer who asked for the shop's news by SMS on its site (the « Newsletter par SMS » section):
 * the words they agreed to are kept with the date, as the CRM's campaigns must be able to show.
 */
export const smsConsents = pgTable(
  'sms_consents',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    phone: text('phone').notNull(),
    /** Where it was given: `site` (the newsletter section). */
    source: text('source').notNull(),
    /** The sentence the buyer ticked, as shown. */
    wording: text('wording').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sms_consents_shop_phone_uq').on(t.shopId, t.phone)],
);
