import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './order';
import { shops } from './shop';
import { users } from './user';
import { createdAt } from './columns';

/**
 * A subscription payment, from the « Payer » click to its settlement. `reportedOutcome` is what the
 * sandbox checkout page was told by the payer; real providers are asked instead.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    /**
     * What the money is for, which names the module that settles it (src/features/payment): a
     * `subscription` names its plan and period, an `order_link` its order.
     */
    purpose: text('purpose').notNull().default('subscription'),
    plan: text('plan'),
    months: integer('months'),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('pending'),
    reportedOutcome: text('reported_outcome'),
    /** The wallet or card the payer chose on the sandbox page (a real provider reports its own). */
    reportedMethod: text('reported_method'),
    providerReference: text('provider_reference'),
    /** Where the payer was sent; a retried « Payer » with the same key is sent there again. */
    checkoutUrl: text('checkout_url'),
    idempotencyKey: text('idempotency_key'),
    /** Null when the shop's customer started it from the order's public payment link. */
    createdByUserId: text('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_shop_idx').on(t.shopId, t.createdAt),
    uniqueIndex('payments_idempotency_uq').on(t.shopId, t.idempotencyKey),
    index('payments_order_idx').on(t.orderId),
  ],
);
