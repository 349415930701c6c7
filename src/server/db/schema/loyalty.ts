import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './customer';
import { shops } from './shop';
import { users } from './user';
import { createdAt } from './columns';

/**
 * A shop's loyalty programme (one row, written when first saved): how many points 1 000 of the
 * currency earns, what a point is worth when spent, the least a client may spend, and after how
 * many months points not spent expire (null: never).
 */
export const loyaltyPrograms = pgTable('loyalty_programs', {
  shopId: text('shop_id')
    .primaryKey()
    .references(() => shops.id),
  isEnabled: boolean('is_enabled').notNull().default(false),
  pointsPerThousand: integer('points_per_thousand').notNull(),
  pointValue: integer('point_value').notNull(),
  minRedeem: integer('min_redeem').notNull(),
  expiryMonths: integer('expiry_months'),
  /** Orders placed from then earn points (set when the programme is switched on): not the past. */
  earnsSince: timestamp('earns_since', { withTimezone: true }),
  updatedByUserId: text('updated_by_user_id').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The one ledger of points: every move of a client's points is a row, and their sum is the
 * balance kept on the client (`clients.loyalty_points`).
 * - `earn`: an order's points (`rate` per 1 000); a later one, negative, takes back what a refund
 *   or a cancellation no longer earns. The entries of an order sum to what it earns now.
 * - `redeem`: points spent on an order (`amount`, their value); one per order. `missing`: the
 *   points a till's sale spent beyond the balance (offline, from an older copy): a conflict for a
 *   manager, settled with `resolved_*`.
 * - `expire`: points earned longer ago than the programme keeps them and not spent since.
 * - `adjust`: a manual correction, with its note.
 */
export const loyaltyEntries = pgTable(
  'loyalty_entries',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    kind: text('kind').notNull(),
    points: integer('points').notNull(),
    orderId: text('order_id'),
    rate: integer('rate'),
    amount: bigint('amount', { mode: 'number' }),
    missing: integer('missing').notNull().default(0),
    note: text('note'),
    createdByUserId: text('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByUserId: text('resolved_by_user_id').references(() => users.id),
    resolution: text('resolution'),
  },
  (t) => [
    index('loyalty_entries_client_idx').on(t.shopId, t.clientId, t.createdAt.desc(), t.id.desc()),
    index('loyalty_entries_order_idx')
      .on(t.shopId, t.orderId)
      .where(sql`${t.orderId} is not null`),
    // A replayed sale or payment never spends twice.
    uniqueIndex('loyalty_entries_redeem_uq')
      .on(t.shopId, t.orderId)
      .where(sql`${t.kind} = 'redeem'`),
    index('loyalty_entries_conflicts_idx')
      .on(t.shopId, t.createdAt.desc())
      .where(sql`${t.missing} > 0`),
  ],
);

/**
 * A code sent by SMS to a buyer of the online shop who wants to spend their points: proof they
 * hold the phone. Hashed; five wrong tries or ten minutes and it is void.
 */
export const loyaltyCodes = pgTable(
  'loyalty_codes',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('loyalty_codes_phone_idx').on(t.shopId, t.phone, t.createdAt.desc())],
);
