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
import { agents } from './agent';
import { orders } from './order';
import { productVariants } from './product';
import { shops } from './shop';
import { users } from './user';
import { createdAt } from './columns';

export const tills = pgTable(
  'tills',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tills_name_uq').on(t.shopId, sql`lower(${t.name})`)],
);

// The till (point de vente). Sales themselves are orders (channel « pos »); these tables hold what
// only a till has: named tills, cash sessions and their drawer, and the log that makes every op
// sent by a tablet apply exactly once.
/** A drawer from opening float to closing count. Its id is made by the tablet (the op that opens it). */
export const cashSessions = pgTable(
  'cash_sessions',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    tillId: text('till_id')
      .notNull()
      .references(() => tills.id),
    status: text('status').notNull().default('open'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    openedByUserId: text('opened_by_user_id')
      .notNull()
      .references(() => users.id),
    openingFloat: bigint('opening_float', { mode: 'number' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedByUserId: text('closed_by_user_id').references(() => users.id),
    expectedCash: bigint('expected_cash', { mode: 'number' }),
    countedCash: bigint('counted_cash', { mode: 'number' }),
    denominations: jsonb('denominations').$type<Record<string, number>>().notNull().default({}),
    note: text('note').notNull().default(''),
    /** The Z report as printed at closing, kept as it was. */
    zReport: jsonb('z_report').$type<Record<string, unknown>>(),
  },
  (t) => [
    // One open session per till, whatever two tablets try.
    uniqueIndex('cash_sessions_open_uq')
      .on(t.tillId)
      .where(sql`${t.status} = 'open'`),
    index('cash_sessions_shop_idx').on(t.shopId, t.openedAt),
  ],
);

export const cashMovements = pgTable(
  'cash_movements',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    sessionId: text('session_id')
      .notNull()
      .references(() => cashSessions.id),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('cash_movements_session_idx').on(t.sessionId)],
);

/** Every op a till sent, with the answer it got: a resent op gets the same answer and changes nothing. */
export const posOps = pgTable(
  'pos_ops',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    id: text('id').notNull(),
    tillId: text('till_id').notNull(),
    type: text('type').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    happenedAt: timestamp('happened_at', { withTimezone: true }).notNull(),
    appliedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.id] })],
);

/** What makes an order a till's sale. */
export const posSales = pgTable(
  'pos_sales',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    tillId: text('till_id')
      .notNull()
      .references(() => tills.id),
    sessionId: text('session_id')
      .notNull()
      .references(() => cashSessions.id),
    opId: text('op_id').notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    /** Left unpaid by a « paiement à crédit ». */
    creditAmount: bigint('credit_amount', { mode: 'number' }).notNull().default(0),
    changeGiven: bigint('change_given', { mode: 'number' }).notNull().default(0),
    hasStockConflict: boolean('has_stock_conflict').notNull().default(false),
    approvedByUserId: text('approved_by_user_id').references(() => users.id),
  },
  (t) => [index('pos_sales_session_idx').on(t.sessionId)],
);

/** Money in or out of a session's drawer through sales and refunds, per method, for the Z report. */
export const posPayments = pgTable(
  'pos_payments',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    sessionId: text('session_id')
      .notNull()
      .references(() => cashSessions.id),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** `sale` money in, `refund` money out. */
    kind: text('kind').notNull(),
    method: text('method').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pos_payments_session_idx').on(t.sessionId)],
);

/** Sold offline below zero: accepted, and kept here until a supervisor says what was done. */
export const stockConflicts = pgTable(
  'stock_conflicts',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    variantId: text('variant_id')
      .notNull()
      .references(() => productVariants.id),
    productName: text('product_name').notNull(),
    variantName: text('variant_name').notNull().default(''),
    missing: integer('missing').notNull(),
    stockAfter: integer('stock_after').notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByUserId: text('resolved_by_user_id').references(() => users.id),
    resolution: text('resolution').notNull().default(''),
  },
  (t) => [index('stock_conflicts_shop_idx').on(t.shopId, t.resolvedAt, t.id)],
);

/** An admin's or supervisor's PIN for approvals at the till, salted and stretched. */
export const agentPins = pgTable('agent_pins', {
  agentId: text('agent_id')
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  shopId: text('shop_id')
    .notNull()
    .references(() => shops.id),
  salt: text('salt').notNull(),
  hash: text('hash').notNull(),
  iterations: integer('iterations').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
