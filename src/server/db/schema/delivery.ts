import { sql } from 'drizzle-orm';
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
import { shops } from './shop';
import { createdAt } from './columns';

/** `assigned` is the open one; the others close it: done, or failed for the reason they name. */
type DeliveryStatus = 'assigned' | 'delivered' | 'refused' | 'absent' | 'postponed';

/**
 * A shop's delivery zones (module Livraison): a fee for the communes and quartiers it is made of,
 * with an optional threshold above which delivery is free, an optional minimum order, and the delay
 * the shop promises. Addresses here have no postcode: a zone is known by its communes' names.
 */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    /** In the shop currency's minor unit. */
    fee: bigint('fee', { mode: 'number' }).notNull(),
    /** An order's goods at or above this travel free; null: never free. */
    freeFrom: bigint('free_from', { mode: 'number' }),
    /** Below this the zone is not delivered; null: no minimum. */
    minOrder: bigint('min_order', { mode: 'number' }),
    /** What the shop promises, as it says it (« sous 24 h »). */
    delay: text('delay').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /** The order the shop lists its zones in. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delivery_zones_shop_idx').on(t.shopId, t.position)],
);

/**
 * What a zone is made of: a whole commune (quartier '') or one quartier of it. `key` is the
 * commune and quartier folded (lower case, no accents, one space), unique in a shop: an address
 * falls in one zone at most, and finding it is one index lookup whatever the number of zones.
 */
export const deliveryZoneAreas = pgTable(
  'delivery_zone_areas',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    zoneId: text('zone_id')
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
    commune: text('commune').notNull(),
    quartier: text('quartier').notNull().default(''),
    key: text('key').notNull(),
  },
  (t) => [
    uniqueIndex('delivery_zone_areas_key_idx').on(t.shopId, t.key),
    index('delivery_zone_areas_zone_idx').on(t.zoneId),
  ],
);

/** Where a client may collect an order instead (« retrait en boutique »), with its hours. */
export const deliveryPickupPoints = pgTable(
  'delivery_pickup_points',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    hours: text('hours').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('delivery_pickup_points_shop_idx').on(t.shopId)],
);

/**
 * Who carries the shop's parcels: its own riders and freelancers. A rider has no account: the shop
 * reaches them by phone (one rider per phone in a shop). `carrier` names the driver that dispatches
 * to them (`manual`: the shop tells the rider itself); a carrier's API plugs in as another driver.
 */
export const deliveryRiders = pgTable(
  'delivery_riders',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    /** E.164. */
    phone: text('phone').notNull(),
    vehicle: text('vehicle').$type<'moto' | 'voiture' | 'velo' | 'tricycle' | 'pied'>().notNull(),
    kind: text('kind').$type<'staff' | 'freelance'>().notNull(),
    carrier: text('carrier').notNull().default('manual'),
    notes: text('notes').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The secret of the rider's link (« /livreur/<token> »): it is their only credential. A new link
     * replaces it; revoking clears it. Null: no link.
     */
    linkToken: text('link_token'),
    linkCreatedAt: timestamp('link_created_at', { withTimezone: true }),
    /** The code the rider's page shows and the shop types to confirm a cash hand-over (« remise »). */
    remitCode: text('remit_code').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('delivery_riders_phone_idx').on(t.shopId, t.phone),
    uniqueIndex('delivery_riders_link_idx').on(t.linkToken),
  ],
);

/**
 * An order handed to a rider: who carries it and what they must collect (the order's total less
 * what was paid before it left). One open delivery per order (`assigned`); handing it to another
 * rider moves that one. Closed ones (delivered, failed) stay as the rider's history.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    /** No foreign key: the orders are another module's. */
    orderId: text('order_id').notNull(),
    riderId: text('rider_id')
      .notNull()
      .references(() => deliveryRiders.id),
    status: text('status').$type<DeliveryStatus>().notNull().default('assigned'),
    /** Cash on delivery to collect, in the currency's minor unit. */
    amountDue: bigint('amount_due', { mode: 'number' }).notNull(),
    /** The code the customer gives the rider to prove it reached them; null: the shop asks none. */
    proofCode: text('proof_code'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    assignedByUserId: text('assigned_by_user_id'),
    /** What the rider took at the door (set when delivered), and how. */
    collectedAmount: bigint('collected_amount', { mode: 'number' }),
    collectedMethod: text('collected_method'),
    /** Why it failed or why the amount differs from what was due, in the rider's words. */
    reason: text('reason').notNull().default(''),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deliveries_open_order_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'assigned'`),
    index('deliveries_rider_idx').on(t.shopId, t.riderId, t.status),
    // The open ones of a shop (the board, its counts, the riders out): few among a history of many.
    index('deliveries_open_shop_idx')
      .on(t.shopId, t.assignedAt)
      .where(sql`${t.status} = 'assigned'`),
    index('deliveries_rider_closed_idx').on(t.riderId, t.closedAt),
    index('deliveries_order_idx').on(t.orderId, t.assignedAt),
  ],
);

/**
 * Cash a rider handed over to the shop (« remise »). `isConfirmed`: the shop typed the code the
 * rider's page shows, so the rider stands behind the amount too.
 */
export const deliveryRemittances = pgTable(
  'delivery_remittances',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    riderId: text('rider_id')
      .notNull()
      .references(() => deliveryRiders.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    note: text('note').notNull().default(''),
    recordedByUserId: text('recorded_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('delivery_remittances_rider_idx').on(t.riderId, t.createdAt)],
);

/**
 * A rider's day closed by the shop: the cash they took and handed over that day, and what they
 * still owed at its end. A difference is flagged on Accueil and in notifications.
 */
export const deliveryRiderDays = pgTable(
  'delivery_rider_days',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    riderId: text('rider_id')
      .notNull()
      .references(() => deliveryRiders.id),
    /** The day in the shop's time zone, YYYY-MM-DD. */
    day: text('day').notNull(),
    cashCollected: bigint('cash_collected', { mode: 'number' }).notNull(),
    mobileCollected: bigint('mobile_collected', { mode: 'number' }).notNull(),
    remitted: bigint('remitted', { mode: 'number' }).notNull(),
    /** What the rider still owed when the day closed (all days until this one). */
    outstanding: bigint('outstanding', { mode: 'number' }).notNull(),
    closedByUserId: text('closed_by_user_id'),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('delivery_rider_days_idx').on(t.riderId, t.day),
    index('delivery_rider_days_shop_idx').on(t.shopId, t.day),
  ],
);

/** The shop's delivery settings; a shop without a row has the defaults. */
export const deliverySettings = pgTable('delivery_settings', {
  shopId: text('shop_id')
    .primaryKey()
    .references(() => shops.id),
  /** The customer gets a code by SMS and the rider types it to mark the order delivered. */
  isProofCodeRequired: boolean('is_proof_code_required').notNull().default(true),
  /** Where the shop's riders leave from, « lat,lng »; '' : no distance fee. */
  originPosition: text('origin_position').notNull().default(''),
  /**
   * The fee of an address in no zone but with a GPS pin, by its distance from the shop: the first
   * tier it falls within, tiers by increasing distance. Past the last one, no fee is known.
   */
  distanceTiers: jsonb('distance_tiers')
    .$type<Array<{ upToKm: number; fee: number }>>()
    .notNull()
    .default([]),
});

/** An order's public tracking page (« /suivi/<token> »), made the first time it is shared. */
export const deliveryTrackings = pgTable(
  'delivery_trackings',
  {
    orderId: text('order_id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('delivery_trackings_token_idx').on(t.token)],
);
