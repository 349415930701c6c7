import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_shop_code_uq').on(t.shopId, t.code),
    index('discount_codes_discount_idx').on(t.discountId, t.id),
  ],
);
