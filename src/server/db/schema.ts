import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
