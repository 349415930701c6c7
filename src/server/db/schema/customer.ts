import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { shops } from './shop';
import { users } from './user';
import { createdAt } from './columns';

/** A shop's customers (the base the Clients module builds on). The phone is E.164, one per shop. */
export const clients = pgTable(
  'clients',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    addresses: jsonb('addresses').$type<ClientAddress[]>().notNull().default([]),
    /** Name and phone digits, lower-cased without accents, for trigram search. */
    searchText: text('search_text').notNull().default(''),
    // The profile of the client's page. `name` stays the one shown everywhere: first + last.
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone2: text('phone2'),
    whatsapp: boolean('whatsapp').notNull().default(true),
    /** The main address, as deliveries find it: no postcode, a landmark. */
    commune: text('commune').notNull().default(''),
    quartier: text('quartier').notNull().default(''),
    landmark: text('landmark').notNull().default(''),
    gpsLat: doublePrecision('gps_lat'),
    gpsLng: doublePrecision('gps_lng'),
    birthdayDay: smallint('birthday_day'),
    birthdayMonth: smallint('birthday_month'),
    notes: text('notes').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Marketing consent per channel: when and where it was given; null: not given. */
    consentSmsAt: timestamp('consent_sms_at', { withTimezone: true }),
    consentSmsSource: text('consent_sms_source'),
    consentWhatsappAt: timestamp('consent_whatsapp_at', { withTimezone: true }),
    consentWhatsappSource: text('consent_whatsapp_source'),
    /** The most the « ardoise » may reach; null: no limit. */
    creditLimit: bigint('credit_limit', { mode: 'number' }),
    // Figures, kept up to date by the order module with every change to the client's orders (see
    // its client-figures.ts), never recomputed on a read. Cancelled orders count for nothing.
    ordersCount: integer('orders_count').notNull().default(0),
    /** Sum of the orders' totals less what was refunded. */
    totalSpent: bigint('total_spent', { mode: 'number' }).notNull().default(0),
    refundsTotal: bigint('refunds_total', { mode: 'number' }).notNull().default(0),
    firstOrderAt: timestamp('first_order_at', { withTimezone: true }),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    firstChannel: text('first_channel'),
    /** Orders sent back (« retournée »): cash-on-delivery parcels refused or not collected. */
    returnedCount: integer('returned_count').notNull().default(0),
    /** Owed: the unpaid parts of the client's orders (« ardoise »). */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /** Store credit held (« avoir »). */
    storeCredit: bigint('store_credit', { mode: 'number' }).notNull().default(0),
    /** Loyalty points held: the sum of the client's entries in the loyalty ledger (loyalty module). */
    loyaltyPoints: integer('loyalty_points').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clients_phone_uq')
      .on(t.shopId, t.phone)
      .where(sql`${t.phone} is not null`),
    index('clients_shop_id_idx').on(t.shopId, t.id),
    // A merged duplicate's number, found again when an order comes in with it.
    index('clients_phone2_idx')
      .on(t.shopId, t.phone2)
      .where(sql`${t.phone2} is not null`),
    // The till's copy of the clients: what changed since its last look.
    index('clients_shop_updated_idx').on(t.shopId, t.updatedAt, t.id),
    // The list's sorts, each paged by keyset.
    index('clients_shop_last_order_idx').on(t.shopId, t.lastOrderAt.desc().nullsLast(), t.id.desc()),
    index('clients_shop_spent_idx').on(t.shopId, t.totalSpent.desc(), t.id.desc()),
    index('clients_shop_orders_count_idx').on(t.shopId, t.ordersCount.desc(), t.id.desc()),
    index('clients_shop_name_idx').on(t.shopId, t.name, t.id),
    index('clients_tags_idx').using('gin', t.tags),
    // The list's most used filters, on its default sort: a commune (where deliveries go) and the
    // clients who owe something (« ardoise »); without them each such page read the whole shop.
    index('clients_shop_commune_idx').on(
      t.shopId,
      sql`lower(${t.commune})`,
      t.lastOrderAt.desc().nullsLast(),
      t.id.desc(),
    ),
    index('clients_shop_balance_idx')
      .on(t.shopId, t.lastOrderAt.desc().nullsLast(), t.id.desc())
      .where(sql`${t.balance} > 0`),
    // The clients holding points: the expiry sweep and the programme's outstanding points.
    index('clients_shop_points_idx')
      .on(t.shopId, t.id)
      .where(sql`${t.loyaltyPoints} <> 0`),
    // What the shop's clients owe in all (Trésorerie), summed from the index alone.
    index('clients_shop_owed_idx')
      .on(t.shopId, t.balance)
      .where(sql`${t.balance} > 0`),
  ],
);

export interface ClientAddress {
  quartier: string;
  commune: string;
  ville: string;
  indications: string;
  /** « lat,lng » when a GPS pin was given. */
  position?: string;
}

/**
 * What a client's page shows beside their orders (issue Clients): notes written by the team and
 * merges (« Fusionner »). The order module's timeline interleaves them with orders and payments.
 */
export const clientEvents = pgTable(
  'client_events',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    type: text('type').$type<ClientEventType>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** Who wrote the note or merged; null once that user is gone. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_events_client_idx').on(t.shopId, t.clientId, t.at.desc(), t.id.desc())],
);

/** `message`: an SMS the shop sent the client (an « ardoise » reminder, a till receipt). */
export type ClientEventType = 'merge' | 'note' | 'message';

/**
 * What a client search reads (name, phones' digits, e-mail), apart from `clients`: every order
 * moves its client's figures, and a trigram index on the clients row itself would take ~30 new
 * entries per order. Kept equal to `clients.search_text` by a trigger (migration
 * 0020_client_search): written wherever a client's search text is, never by hand.
 */
export const clientSearch = pgTable(
  'client_search',
  {
    clientId: text('client_id')
      .primaryKey()
      .references(() => clients.id, { onDelete: 'cascade' }),
    shopId: text('shop_id').notNull(),
    searchText: text('search_text').notNull(),
  },
  (t) => [index('client_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops'))],
);
