import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { shops } from './shop';
import { createdAt } from './columns';

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
    /** The app page it is about (« /mes-commandes/<id> »), opened from the bell; null: nothing to open. */
    link: text('link'),
    /** The capability a role needs to see it (`src/shared/permissions.ts`); null: every member. */
    capability: text('capability'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_shop_created_idx').on(t.shopId, t.createdAt.desc())],
);
