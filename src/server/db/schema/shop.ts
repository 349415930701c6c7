import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './user';
import { createdAt } from './columns';

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
  receiptFooter: text('receipt_footer').notNull().default('Merci de votre visite !'),
  /**
   * The shop's legal identifiers, printed on invoices and receipts when given: the tax number
   * (NINEA in Senegal, NCC in Côte d’Ivoire, NIU in Cameroon…) and the trade register (RCCM…).
   */
  taxId: text('tax_id').notNull().default(''),
  tradeRegister: text('trade_register').notNull().default(''),
  /** « Pour bien démarrer » closed by an admin on Accueil; shops older than the checklist start closed. */
  checklistDismissedAt: timestamp('checklist_dismissed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

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

/**
 * A shop's former addresses: its online shop answers them with a permanent redirect to the
 * current one, so links shared before a change keep working. A slug belongs to one shop for good.
 */
export const shopSlugRedirects = pgTable(
  'shop_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    createdAt: createdAt(),
  },
  (t) => [index('shop_slug_redirects_shop_idx').on(t.shopId)],
);
