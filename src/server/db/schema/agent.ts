import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { shops } from './shop';
import { users } from './user';
import { createdAt } from './columns';

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
