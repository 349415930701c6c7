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
import type {
  DiscountClass,
  DiscountConditions,
  DiscountLimits,
  DiscountValue,
} from '@/shared/discounts/types';
import { shops } from './shop';
import { createdAt } from './columns';

/**
 * A shop's discounts (module Réductions). The value, conditions, limits and combinations are stored
 * as the engine (src/shared/discounts) reads them, so loading a shop's discounts is a plain read.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    kind: text('kind').$type<'code' | 'automatic'>().notNull(),
    /** The value's target, copied out of `value` so the list filters by type with an index. */
    type: text('type').$type<DiscountValue['target']>().notNull(),
    value: jsonb('value').$type<DiscountValue>().notNull(),
    conditions: jsonb('conditions').$type<DiscountConditions>(),
    limits: jsonb('limits').$type<DiscountLimits>(),
    combinesWith: jsonb('combines_with').$type<Partial<Record<DiscountClass, boolean>>>(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Draft or enabled (the dates then give programmée / active / expirée) or disabled. */
    status: text('status').$type<'draft' | 'enabled' | 'disabled'>().notNull().default('enabled'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * Usage, kept with the discount so the list reads it without an aggregate and a limit is
     * checked with one conditional update (the row lock serialises the last use's racers).
     */
    usesCount: integer('uses_count').notNull().default(0),
    /** The totals of the orders that used it, and what it took off them. */
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    discountedTotal: bigint('discounted_total', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discounts_shop_id_idx').on(t.shopId, t.id)],
);

/** The codes of a discount: one typed by everyone, or many generated single-use ones. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    discountId: text('discount_id')
      .notNull()
      .references(() => discounts.id),
    /** Trimmed, upper case: codes are typed case-insensitively. */
    code: text('code').notNull(),
    /** Generated in bulk (single use each) rather than typed by the admin. */
    generated: boolean('generated').notNull().default(false),
    usesCount: integer('uses_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_shop_code_uq').on(t.shopId, t.code),
    index('discount_codes_discount_idx').on(t.discountId, t.id),
  ],
);

/**
 * The shop's discount settings, and a revision bumped by every change to its discounts: order
 * creation and the till keep the compiled discounts until the revision moves.
 */
export const discountSettings = pgTable('discount_settings', {
  shopId: text('shop_id')
    .primaryKey()
    .references(() => shops.id),
  /** The most all discounts on goods may take together, in basis points of the subtotal (100 %). */
  stackCapBp: integer('stack_cap_bp').notNull().default(10_000),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per discount an order used: what the limits count (per client by phone, per generated
 * code). A till's sale keeps its op id, so a replayed op can never count twice; a use past a limit
 * made offline is kept and flagged (`over_limit`) for a supervisor to resolve.
 */
export const discountUses = pgTable(
  'discount_uses',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    discountId: text('discount_id')
      .notNull()
      .references(() => discounts.id),
    /** No foreign key: orders are another module's. */
    orderId: text('order_id').notNull(),
    orderNumber: integer('order_number').notNull(),
    code: text('code'),
    clientPhone: text('client_phone'),
    clientName: text('client_name'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    sourceOpId: text('source_op_id'),
    overLimit: text('over_limit').$type<'total' | 'client' | 'code'>(),
    createdByUserId: text('created_by_user_id'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByUserId: text('resolved_by_user_id'),
    resolution: text('resolution').notNull().default(''),
  },
  (t) => [
    uniqueIndex('discount_uses_order_uq').on(t.discountId, t.orderId),
    uniqueIndex('discount_uses_op_uq')
      .on(t.shopId, t.sourceOpId, t.discountId)
      .where(sql`${t.sourceOpId} is not null`),
    index('discount_uses_phone_idx').on(t.discountId, t.clientPhone),
    index('discount_uses_over_limit_idx')
      .on(t.shopId, t.createdAt)
      .where(sql`${t.overLimit} is not null`),
  ],
);
