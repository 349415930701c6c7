import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './customer';
import { discounts } from './discount';
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

/**
 * An SMS campaign: a segment's clients with SMS consent when it was started, one message each. Its
 * messages' statuses say where it stands (no status of its own to keep in step).
 */
export const crmCampaigns = pgTable(
  'crm_campaigns',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    /** The segment as it was when the campaign started (TSegmentDefinition). */
    definition: jsonb('definition').notNull(),
    /** The message as written, placeholders included; each recipient's text is in their message. */
    template: text('template').notNull(),
    /** When the messages may go; the start instant for « envoyer maintenant ». */
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    /** The code discount whose single-use codes fill {code}, one per recipient; null without it. */
    discountId: text('discount_id').references(() => discounts.id),
    createdByUserId: text('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('crm_campaigns_shop_idx').on(t.shopId, t.createdAt)],
);

/**
 * One recipient of a campaign: the text sent (its placeholders filled, the opt-out line added), its
 * parts, and where it is: `queued`, `sending` (handed to the gateway: never handed again), `sent`,
 * `failed` (with the gateway's answer), `skipped` (the client withdrew consent, STOP, meanwhile).
 * Its id is also its row in `sms_messages`, the plan's count, removed when it is not sent.
 */
export const crmCampaignMessages = pgTable(
  'crm_campaign_messages',
  {
    id: text('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => crmCampaigns.id),
    shopId: text('shop_id').notNull(),
    clientId: text('client_id').references(() => clients.id, { onDelete: 'set null' }),
    phone: text('phone').notNull(),
    body: text('body').notNull(),
    parts: integer('parts').notNull(),
    /** The recipient's own code ({code}), also in the body; null when the message has none. */
    discountCode: text('discount_code'),
    status: text('status').notNull().default('queued'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('crm_campaign_messages_campaign_idx').on(t.campaignId, t.status),
    uniqueIndex('crm_campaign_messages_client_uq').on(t.campaignId, t.phone),
  ],
);
