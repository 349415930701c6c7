import { bigint, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { payments } from './payment';
import { shops } from './shop';
import { createdAt } from './columns';

/** Issued once per successful payment; `number` runs per shop (F-000001, F-000002 …). */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    paymentId: text('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id),
    number: text('number').notNull(),
    plan: text('plan').notNull(),
    months: integer('months').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    issuedAt: createdAt(),
  },
  (t) => [uniqueIndex('invoices_shop_number_uq').on(t.shopId, t.number)],
);
