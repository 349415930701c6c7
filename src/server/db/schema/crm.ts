import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    /** `sms`, or `whatsapp` (through the WhatsApp gateway, to clients with WhatsApp consent). */
    channel: text('channel').notNull().default('sms'),
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
    /** The campaign it belongs to; null for an automation's message. */
    campaignId: text('campaign_id').references(() => crmCampaigns.id),
    shopId: text('shop_id').notNull(),
    /** The automation that wrote it (`crm_automations.kind`) and for which occasion; else null. */
    automation: text('automation'),
    occasion: text('occasion'),
    /** Marketing (consent checked again before it goes, the STOP line added) or about a debt. */
    marketing: boolean('marketing').notNull().default(true),
    /** Which gateway it goes through: `sms` or `whatsapp` (not counted in the SMS quota). */
    channel: text('channel').notNull().default('sms'),
    clientId: text('client_id').references(() => clients.id, { onDelete: 'set null' }),
    phone: text('phone').notNull(),
    body: text('body').notNull(),
    parts: integer('parts').notNull(),
    /** The recipient's own code ({code}), also in the body; null when the message has none. */
    discountCode: text('discount_code'),
    status: text('status').notNull().default('queued'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The gateway's id for it, when it gives one: its delivery reports name the message by it. */
    providerId: text('provider_id'),
    /** What the gateway's delivery report said: `delivered`, `undelivered` (with why); null: no report. */
    delivery: text('delivery'),
    deliveryError: text('delivery_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('crm_campaign_messages_provider_idx')
      .on(t.providerId)
      .where(sql`${t.providerId} is not null`),
    index('crm_campaign_messages_campaign_idx').on(t.campaignId, t.status),
    uniqueIndex('crm_campaign_messages_client_uq').on(t.campaignId, t.phone),
    // An automation writes to a client at most once per occasion, whatever runs at once.
    uniqueIndex('crm_campaign_messages_occasion_uq')
      .on(t.shopId, t.automation, t.clientId, t.occasion)
      .where(sql`${t.automation} is not null`),
    index('crm_campaign_messages_automation_idx')
      .on(t.shopId, t.automation, t.sentAt)
      .where(sql`${t.automation} is not null`),
  ],
);

/**
 * A shop's automated messages (CRM « Automatisations »), one row per kind it has set: anniversaire,
 * a-risque, merci, ardoise. Absent: off, with the default text.
 */
export const crmAutomations = pgTable(
  'crm_automations',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    template: text('template').notNull(),
    /** Days without an order (a-risque) or since the unpaid order (ardoise). */
    days: integer('days').notNull(),
    /** The code discount {code} draws from. */
    discountId: text('discount_id').references(() => discounts.id),
    updatedByUserId: text('updated_by_user_id').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.kind] }),
    // The hourly sweep finds the shops with something switched on.
    index('crm_automations_enabled_idx')
      .on(t.kind, t.shopId)
      .where(sql`${t.enabled}`),
  ],
);
