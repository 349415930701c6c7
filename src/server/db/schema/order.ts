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
import { sql } from 'drizzle-orm';
import { clients, type ClientAddress } from './customer';
import { productVariants } from './product';
import { shops } from './shop';
import { users } from './user';
import { createdAt } from './columns';

/**
 * One row per shop: the last order number given (numbers start at 1001) and this month's count
 * for the orders quota. Taking the row lock serialises numbering, so numbers never skip or repeat.
 */
export const orderCounters = pgTable('order_counters', {
  shopId: text('shop_id')
    .primaryKey()
    .references(() => shops.id),
  lastNumber: integer('last_number').notNull().default(1000),
  /** The calendar month (YYYY-MM, in the shop's time zone) `monthCount` belongs to. */
  month: text('month').notNull().default(''),
  monthCount: integer('month_count').notNull().default(0),
  /** The last invoice number given (« FAC-000001 »…), taken under the same row lock: no gap, no repeat. */
  lastInvoiceNumber: integer('last_invoice_number').notNull().default(0),
});

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    number: integer('number').notNull(),
    channel: text('channel').notNull(),
    clientId: text('client_id').references(() => clients.id),
    /** Copied from the client when the order is made, for the list and its search. */
    clientName: text('client_name'),
    clientPhone: text('client_phone'),
    fulfilmentStatus: text('fulfilment_status').notNull().default('new'),
    paymentStatus: text('payment_status').notNull().default('pending'),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    lineDiscountTotal: bigint('line_discount_total', { mode: 'number' }).notNull().default(0),
    orderDiscount: bigint('order_discount', { mode: 'number' }).notNull().default(0),
    deliveryFee: bigint('delivery_fee', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    deliveryAddress: jsonb('delivery_address').$type<ClientAddress | null>(),
    clientNote: text('client_note').notNull().default(''),
    /** Set once the stock of a cancelled or returned order has been given back. */
    isStockReturned: boolean('is_stock_returned').notNull().default(false),
    idempotencyKey: text('idempotency_key'),
    searchText: text('search_text').notNull().default(''),
    /**
     * What the till's receipt printed before the server numbered the sale (« Ticket local n°
     * KQFT-2 »: the tablet's series, then its number), so the paper finds its order.
     */
    localReference: text('local_reference'),
    /** The shop's invoice number, given when the invoice is first issued (see issue-invoice.ts). */
    invoiceNumber: integer('invoice_number'),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    /** The agent who took it; null for an order its customer placed (the online shop). */
    createdByUserId: text('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.shopId, t.number),
    uniqueIndex('orders_idempotency_uq').on(t.shopId, t.idempotencyKey),
    index('orders_shop_id_idx').on(t.shopId, t.id),
    index('orders_fulfilment_idx').on(t.shopId, t.fulfilmentStatus, t.id),
    index('orders_payment_idx').on(t.shopId, t.paymentStatus, t.id),
    index('orders_agent_idx').on(t.shopId, t.createdByUserId, t.id),
    index('orders_client_idx').on(t.shopId, t.clientId, t.id),
    index('orders_phone_idx').on(t.shopId, t.clientPhone, t.id),
    // A list bounded by dates reads it backwards from the period's end, by (placed, id): see
    // list-orders' newestFirst.
    index('orders_created_idx').on(t.shopId, t.createdAt, t.id),
    index('orders_local_reference_idx')
      .on(t.shopId, t.localReference)
      .where(sql`${t.localReference} is not null`),
    uniqueIndex('orders_invoice_number_uq')
      .on(t.shopId, t.invoiceNumber)
      .where(sql`${t.invoiceNumber} is not null`),
    // A short pending list: new orders' trigrams wait in an unindexed list that the insert crossing
    // 256 KB merges in one sorted pass (no vacuum needed, so PGlite too). Written entry by entry
    // instead (no list), they cost about a tenth of an order's time in PostgreSQL, under the shop's
    // counter lock; the default 4 MB list, read by every search, nearly doubled a phone search.
    index('orders_search_trgm_idx')
      .using('gin', t.searchText.op('gin_trgm_ops'))
      .with({ fastupdate: true, gin_pending_list_limit: 256 }),
  ],
);

/** A snapshot of what was sold; the variant id stays so stock can be given back. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // Restrict: a product that was sold is archived, never deleted, so its orders keep their lines.
    variantId: text('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'restrict' }),
    productId: text('product_id').notNull(),
    productName: text('product_name').notNull(),
    variantName: text('variant_name').notNull().default(''),
    sku: text('sku'),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    lineDiscount: bigint('line_discount', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** The variant's cost price when sold (« prix de revient »), for the margin; null if unknown. */
    unitCost: bigint('unit_cost', { mode: 'number' }),
    /** How many units this line took from stock (0 when the variant's stock is not tracked). */
    stockTaken: integer('stock_taken').notNull().default(0),
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    /** Units already put back in stock by refunds; a cancellation gives back only the rest. */
    restockedQuantity: integer('restocked_quantity').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    index('order_lines_variant_idx').on(t.variantId),
  ],
);

/**
 * What the shop's discounts took off an order, as they were when it was placed (issue Réductions):
 * each discount's name, code and amount, and where it landed line by line, so statistics, invoices
 * and refunds (prorated by line) stay right when the discount is changed or archived later. The
 * figures themselves are in the order and its lines (product ones in `line_discount`, order ones
 * and the rounding in `order_discount`, free delivery in a lower `delivery_fee`).
 */
export const orderAdjustments = pgTable(
  'order_adjustments',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null for the rounding. No foreign key: the discounts are another module's. */
    discountId: text('discount_id'),
    type: text('type').$type<'product' | 'order' | 'delivery' | 'rounding'>().notNull(),
    name: text('name').notNull(),
    code: text('code'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** French, for « Pourquoi ce prix ? ». */
    why: text('why').notNull(),
    /** Where it landed: order line ids and amounts (empty for delivery and rounding). */
    lines: jsonb('lines').$type<Array<{ lineId: string; amount: number }>>().notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('order_adjustments_order_idx').on(t.orderId, t.position),
    index('order_adjustments_discount_idx').on(t.shopId, t.discountId),
  ],
);

export const orderPayments = pgTable(
  'order_payments',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reference: text('reference'),
    /** Collected by Comptoir's payment provider (credits the shop balance) rather than by the shop. */
    isOnline: boolean('is_online').notNull().default(false),
    createdByUserId: text('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_payments_order_idx').on(t.orderId),
    index('order_payments_method_idx').on(t.shopId, t.method),
  ],
);

export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    method: text('method').notNull(),
    lines: jsonb('lines').$type<{ lineId: string; quantity: number }[]>().notNull().default([]),
    isRestocked: boolean('is_restocked').notNull().default(false),
    reason: text('reason').notNull().default(''),
    createdByUserId: text('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('order_refunds_order_idx').on(t.orderId)],
);

/** The order's timeline: every change, with who and when. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    userId: text('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * The order's public payment link (/payer/:token), made when the shop first shares it. The token is
 * the payer's only credential, so it is long and random, unlike ids that sort by time.
 */
export const orderPaymentLinks = pgTable('order_payment_links', {
  orderId: text('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  shopId: text('shop_id')
    .notNull()
    .references(() => shops.id),
  token: text('token').notNull().unique(),
  createdByUserId: text('created_by_user_id').references(() => users.id),
  createdAt: createdAt(),
});

/** A user's own saved tabs on the orders list. */
export const orderViews = pgTable(
  'order_views',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('order_views_user_idx').on(t.shopId, t.userId)],
);
