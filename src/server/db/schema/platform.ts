import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { shops } from './shop';
import { users } from './user';
import { createdAt } from './columns';

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

/** Every SMS sent. Those with a shop count against its monthly SMS quota; sign-in codes have none. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').references(() => shops.id),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    /** SMS parts it is billed as (a long or accented message is several): what the quota counts. */
    parts: integer('parts').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_messages_shop_idx')
      .on(t.shopId, t.createdAt)
      .where(sql`${t.shopId} is not null`),
  ],
);
