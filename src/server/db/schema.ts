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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  phone: text('phone').notNull().unique(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  email: text('email'),
  isPlatformOperator: boolean('is_platform_operator').notNull().default(false),
  createdAt: createdAt(),
});

export const shops = pgTable('shops', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  sellerId: text('seller_id')
    .notNull()
    .references(() => users.id),
  isBlocked: boolean('is_blocked').notNull().default(false),
  subscriptionPlan: text('subscription_plan').notNull().default('free'),
  shopExpiresAt: timestamp('shop_expires_at', { withTimezone: true }),
  freeTrialExpiresAt: timestamp('free_trial_expires_at', { withTimezone: true }),
  currency: text('currency').notNull().default('XOF'),
  timeZone: text('time_zone').notNull().default('Africa/Dakar'),
  country: text('country').notNull().default('SN'),
  logoUrl: text('logo_url'),
  /** Printed on invoices and delivery slips. */
  address: text('address').notNull().default(''),
  phone: text('phone'),
  /** The thank-you line at the foot of till receipts. */
  receiptFooter: text('receipt_footer').notNull().default('Merci de votre visite !'),
  createdAt: createdAt(),
});

/** A user's membership of a shop. Names live here too: staff may be known by another name per shop. */
export const agents = pgTable(
  'agents',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone').notNull(),
    email: text('email'),
    profilePictureUrl: text('profile_picture_url'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('agents_shop_user_uq').on(t.shopId, t.userId), index('agents_user_idx').on(t.userId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    type: text('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_shop_created_idx').on(t.shopId, t.createdAt.desc())],
);

/** The balance is the sum of its entries; entries are never updated. */
export const balanceEntries = pgTable(
  'balance_entries',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('balance_entries_shop_idx').on(t.shopId)],
);

export const pushDevices = pgTable(
  'push_devices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    token: text('token').notNull().unique(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('push_devices_user_idx').on(t.userId)],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: text('id').primaryKey(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_codes_phone_idx').on(t.phone, t.createdAt),
    index('otp_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Every SMS sent. Those with a shop count against its monthly SMS quota; sign-in codes have none. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').references(() => shops.id),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_messages_shop_idx')
      .on(t.shopId, t.createdAt)
      .where(sql`${t.shopId} is not null`),
  ],
);

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

/** A tree per shop: a category may sit under another (parentId). */
export const productCategories = pgTable(
  'product_categories',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    parentId: text('parent_id'),
    createdAt: createdAt(),
  },
  (t) => [index('product_categories_shop_idx').on(t.shopId)],
);

/**
 * A product. Prices, stock and codes live on its variants (a product without options has one);
 * `priceMin` and `stockTotal` are kept with them in the same transaction, for the list's sorts and
 * filters. `searchText` is the name, SKUs and barcodes, lower-cased without accents.
 */
export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    descriptionHtml: text('description_html').notNull().default(''),
    status: text('status').notNull().default('active'),
    categoryId: text('category_id').references(() => productCategories.id, { onDelete: 'set null' }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    trackStock: boolean('track_stock').notNull().default(true),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(0),
    weightGrams: integer('weight_grams'),
    /** Up to three options, e.g. [{ name: 'Taille', values: ['S', 'M'] }]. */
    options: jsonb('options').$type<Array<{ name: string; values: string[] }>>().notNull().default([]),
    priceMin: bigint('price_min', { mode: 'number' }).notNull().default(0),
    stockTotal: integer('stock_total').notNull().default(0),
    coverUrl: text('cover_url'),
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's default order (« récents ») is the id's: a shop's first page reads 51 entries
    // whatever the other shops hold, even before the planner has statistics.
    index('products_shop_id_idx').on(t.shopId, t.id),
    // « contains » search (LIKE '%…%') through trigrams: an index lookup instead of a scan of the shop.
    index('products_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('products_shop_name_idx').on(t.shopId, t.name, t.id),
    index('products_shop_price_idx').on(t.shopId, t.priceMin, t.id),
    index('products_shop_stock_idx').on(t.shopId, t.stockTotal, t.id),
    // The till's catalogue refresh: what changed since its last look.
    index('products_shop_updated_idx').on(t.shopId, t.updatedAt, t.id),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The option values in the product's option order, e.g. ['M', 'Rouge']; [] for the default variant. */
    optionValues: jsonb('option_values').$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    price: bigint('price', { mode: 'number' }).notNull(),
    compareAtPrice: bigint('compare_at_price', { mode: 'number' }),
    costPrice: bigint('cost_price', { mode: 'number' }),
    sku: text('sku'),
    barcode: text('barcode'),
    stock: integer('stock').notNull().default(0),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.position),
    uniqueIndex('product_variants_sku_uq')
      .on(t.shopId, t.sku)
      .where(sql`${t.sku} is not null`),
    uniqueIndex('product_variants_barcode_uq')
      .on(t.shopId, t.barcode)
      .where(sql`${t.barcode} is not null`),
  ],
);

/** Ordered pictures of a product; the first is its cover. Each upload gives three WebP sizes. */
export const productImages = pgTable(
  'product_images',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    listUrl: text('list_url').notNull(),
    cardUrl: text('card_url').notNull(),
    zoomUrl: text('zoom_url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/** Every stock change, written in the transaction that changes the count; never updated. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: text('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    userId: text('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_variant_idx').on(t.variantId, t.createdAt.desc()),
    index('stock_movements_shop_idx').on(t.shopId, t.createdAt.desc()),
  ],
);

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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clients_phone_uq')
      .on(t.shopId, t.phone)
      .where(sql`${t.phone} is not null`),
    index('clients_shop_id_idx').on(t.shopId, t.id),
    // The till's copy of the clients: what changed since its last look.
    index('clients_shop_updated_idx').on(t.shopId, t.updatedAt, t.id),
    index('clients_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export interface ClientAddress {
  quartier: string;
  commune: string;
  ville: string;
  indications: string;
}

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
    createdByUserId: text('created_by_user_id')
      .notNull()
      .references(() => users.id),
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
    index('orders_created_idx').on(t.shopId, t.createdAt),
    // No pending list: with fastupdate (the default) new orders wait in an unindexed list of up to
    // 4 MB that every search reads through until a vacuum merges it (PGlite never does, PostgreSQL
    // every 200 000 inserts on a million orders) — it nearly doubled a phone search.
    index('orders_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: false }),
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

// The till's tables live beside this file; exported from here so there is one schema to import.
export * from './schema-pos';
