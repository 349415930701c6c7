import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shops } from './shop';
import { users } from './user';
import { createdAt } from './columns';

/** A shop's saved segments (CRM): rules over its clients, read afresh at each use. */
export const crmSegments = pgTable(
  'crm_segments',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    /** TSegmentDefinition (src/features/crm/crm.schemas.ts): `match` and `rules`. */
    definition: jsonb('definition').notNull(),
    createdByUserId: text('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crm_segments_name_uq').on(t.shopId, sql`lower(${t.name})`),
    index('crm_segments_shop_idx').on(t.shopId, t.updatedAt),
  ],
);
