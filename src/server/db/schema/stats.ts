import {
  bigint,
  date,
  integer,
  jsonb,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/*
 * Statistiques (issue 19): reports read roll-ups by day, never the orders. Every write to an order
 * marks it (a trigger on `orders`, so no write path can forget); the roll-up takes the marked
 * orders, asks the order module what each adds up to now (its « facts »), and moves the roll-ups
 * by the difference with what it added before (`stats_order_facts`). A report first rolls up its
 * shop's marked orders: what it reads is never behind the orders.
 *
 * Days and hours are the shop's time zone. Sales count on the day the order was placed, refunds
 * on the day they were made, money on the day it was received; every row is also keyed by the
 * order's channel and the agent who made it, so a cashier's own figures are a filter.
 */

/** Orders written since the roll-up last saw them. */
export const statsDirtyOrders = pgTable(
  'stats_dirty_orders',
  {
    shopId: text('shop_id').notNull(),
    orderId: text('order_id').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.orderId] })],
);

/** What an order adds to the roll-ups now, so the next change moves them by the difference. */
export const statsOrderFacts = pgTable('stats_order_facts', {
  orderId: text('order_id').primaryKey(),
  shopId: text('shop_id').notNull(),
  /** Packed (see the stats module's packContribution): a million orders' facts stay small. */
  rows: jsonb('rows').$type<{ c: string; a: string; r: Array<[string, ...number[]]> }>().notNull(),
});

const keyColumns = {
  shopId: text('shop_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  channel: text('channel').notNull(),
  agentId: text('agent_id').notNull(),
};
const amount = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** The sales measures, by hour here and by day in the shop-wide roll-ups below. */
const salesMeasures = {
  orders: integer('orders').notNull().default(0),
  items: integer('items').notNull().default(0),
  gross: amount('gross'),
  discounts: amount('discounts'),
  refunds: amount('refunds'),
  delivery: amount('delivery'),
  /** What the orders placed were worth in all (net of discounts, delivery included). */
  total: amount('total'),
  /** Money received (payments but « avoir ») less money given back. */
  collected: amount('collected'),
  /** What the orders placed still owe (« reste à encaisser »), as of now. */
  due: amount('due'),
};

/** Sales and money by hour: the overview, by channel, by agent, the treasury. */
export const statsSales = pgTable(
  'stats_sales',
  {
    ...keyColumns,
    hour: smallint('hour').notNull(),
    ...salesMeasures,
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.hour, t.channel, t.agentId] })],
);

/** Money by payment method: received and given back. */
export const statsPayments = pgTable(
  'stats_payments',
  {
    ...keyColumns,
    method: text('method').notNull(),
    received: amount('received'),
    refunded: amount('refunded'),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.channel, t.agentId, t.method] })],
);

/** Sales by variant: quantities, net, cost (for the margin, only where the cost was known). */
export const statsProducts = pgTable(
  'stats_products',
  {
    ...keyColumns,
    variantId: text('variant_id').notNull(),
    productId: text('product_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    gross: amount('gross'),
    discounts: amount('discounts'),
    refunds: amount('refunds'),
    /** Cost of the units whose cost was known, and the net sales of those units. */
    cost: amount('cost'),
    costedNet: amount('costed_net'),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.channel, t.agentId, t.variantId] })],
);

/** What each of the shop's discounts gave (`discount_key` '' is the rounding). */
export const statsDiscounts = pgTable(
  'stats_discounts',
  {
    ...keyColumns,
    discountKey: text('discount_key').notNull(),
    uses: integer('uses').notNull().default(0),
    amount: amount('amount'),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.channel, t.agentId, t.discountKey] })],
);

/** Sales by client, for the top clients and the clients who came back. */
export const statsClients = pgTable(
  'stats_clients',
  {
    ...keyColumns,
    clientId: text('client_id').notNull(),
    orders: integer('orders').notNull().default(0),
    net: amount('net'),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.channel, t.agentId, t.clientId] })],
);

/**
 * Sales by the commune of the delivery address, as typed (spaces tidied; '' for an order without
 * one): orders and net on the day placed, less refunds on the day made, delivery fees. The report
 * puts together the spellings of one commune (case, accents, hyphens).
 */
export const statsCommunes = pgTable(
  'stats_communes',
  {
    ...keyColumns,
    commune: text('commune').notNull(),
    orders: integer('orders').notNull().default(0),
    net: amount('net'),
    delivery: amount('delivery'),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.channel, t.agentId, t.commune] })],
);

/*
 * The same sums without the agent and the hour (and for products, by month): what the shop-wide
 * reports read, a year being a few thousand rows. Moved with the rows above, from the same
 * differences; an agent's own figures and the hours of a day read the rows above.
 */
const shopDay = {
  shopId: text('shop_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
};

export const statsDays = pgTable(
  'stats_days',
  {
    ...shopDay,
    channel: text('channel').notNull(),
    ...salesMeasures,
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.channel] })],
);

/**
 * The shop's sales by day alone (no channel): what the overview's totals and curve read, a year
 * being 365 rows whatever the channels.
 */
export const statsShopDays = pgTable('stats_shop_days', { ...shopDay, ...salesMeasures }, (t) => [
  primaryKey({ columns: [t.shopId, t.day] }),
]);

export const statsPaymentDays = pgTable(
  'stats_payment_days',
  {
    ...shopDay,
    method: text('method').notNull(),
    received: amount('received'),
    refunded: amount('refunded'),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.method] })],
);

const productMeasures = {
  variantId: text('variant_id').notNull(),
  productId: text('product_id').notNull(),
  quantity: integer('quantity').notNull().default(0),
  refundedQuantity: integer('refunded_quantity').notNull().default(0),
  gross: amount('gross'),
  discounts: amount('discounts'),
  refunds: amount('refunds'),
  cost: amount('cost'),
  costedNet: amount('costed_net'),
};

export const statsProductDays = pgTable('stats_product_days', { ...shopDay, ...productMeasures }, (t) => [
  primaryKey({ columns: [t.shopId, t.day, t.variantId] }),
]);

/** `month` is the month's first day. */
export const statsProductMonths = pgTable(
  'stats_product_months',
  {
    shopId: text('shop_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    ...productMeasures,
  },
  (t) => [primaryKey({ columns: [t.shopId, t.month, t.variantId] })],
);

/** Sales by day and agent, shop-wide (« Par agent » over a month reads days, not hours × channels). */
export const statsAgentDays = pgTable(
  'stats_agent_days',
  {
    ...shopDay,
    agentId: text('agent_id').notNull(),
    ...salesMeasures,
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.agentId] })],
);

/** Sales by day and commune as typed, shop-wide. */
export const statsCommuneDays = pgTable(
  'stats_commune_days',
  {
    ...shopDay,
    commune: text('commune').notNull(),
    orders: integer('orders').notNull().default(0),
    net: amount('net'),
    delivery: amount('delivery'),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.commune] })],
);

/** Sales by month and client, shop-wide: the top clients of a month read one row per client. */
export const statsClientMonths = pgTable(
  'stats_client_months',
  {
    shopId: text('shop_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    clientId: text('client_id').notNull(),
    orders: integer('orders').notNull().default(0),
    net: amount('net'),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.month, t.clientId] }),
    // The top clients of one month, read in order: no sort of every client who bought.
    index('stats_client_months_top_idx').on(t.shopId, t.month, t.net.desc(), t.clientId),
  ],
);

/*
 * Products without their variants, by day and by month: « Par produit », « Par catégorie », the
 * margin and a year of products read a third of the rows the variant roll-ups hold.
 */
const productOnlyMeasures = (({ variantId: _variantId, ...rest }) => rest)(productMeasures);

export const statsProductTotalDays = pgTable(
  'stats_product_total_days',
  { ...shopDay, ...productOnlyMeasures },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.productId] })],
);

/** `month` is the month's first day. */
export const statsProductTotalMonths = pgTable(
  'stats_product_total_months',
  {
    shopId: text('shop_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    ...productOnlyMeasures,
  },
  (t) => [primaryKey({ columns: [t.shopId, t.month, t.productId] })],
);

/**
 * `year` is the year's first day. A year of a large catalogue read as one row a product, not
 * twelve: « cette année », and the bulk of any twelve months (see the reports' productSource).
 */
export const statsProductTotalYears = pgTable(
  'stats_product_total_years',
  {
    shopId: text('shop_id').notNull(),
    year: date('year', { mode: 'string' }).notNull(),
    ...productOnlyMeasures,
  },
  (t) => [primaryKey({ columns: [t.shopId, t.year, t.productId] })],
);

/*
 * « Par catégorie » for a month reads a few rows a category, not a row a product joined to the
 * catalogue. A product's sales are filed under the category it had when first rolled up
 * (`stats_product_categories`); a product whose category changes (or that is deleted) is marked
 * (`stats_dirty_products`, by a trigger on products) and the next roll-up moves its months from
 * the old category to the new, so the report always follows the products' categories now.
 */
export const statsCategoryMonths = pgTable(
  'stats_category_months',
  {
    shopId: text('shop_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    /** '' for products without a category (or deleted). */
    categoryId: text('category_id').notNull(),
    ...(({ productId: _productId, ...rest }) => rest)(productOnlyMeasures),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.month, t.categoryId] })],
);

/** The category each product's sales are filed under in `stats_category_months` ('' for none). */
export const statsProductCategories = pgTable(
  'stats_product_categories',
  {
    shopId: text('shop_id').notNull(),
    productId: text('product_id').notNull(),
    categoryId: text('category_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.productId] })],
);

/** Products whose category changed (or that were deleted) since the roll-up last filed them. */
export const statsDirtyProducts = pgTable(
  'stats_dirty_products',
  {
    shopId: text('shop_id').notNull(),
    productId: text('product_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.productId] })],
);
