import { jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shops } from './shop';

/**
 * A shop's sales channels settings (Canaux de vente): its WhatsApp number and message templates,
 * and the secret in its catalogue feeds' address. No row: nothing set yet (the defaults).
 */
export const channelSettings = pgTable(
  'channel_settings',
  {
    shopId: text('shop_id')
      .primaryKey()
      .references(() => shops.id),
    /** E.164; null: not given yet (WhatsApp is « à configurer »). */
    whatsappPhone: text('whatsapp_phone'),
    /** The shop's own wording of its WhatsApp status messages, by template key; absent: ours. */
    messageTemplates: jsonb('message_templates').$type<Record<string, string>>().notNull().default({}),
    /** In the feeds' address (`/flux/<secret>/meta.csv`): whoever has it reads the catalogue. */
    feedSecret: text('feed_secret').notNull(),
    /** The brand the feeds give products (Google asks one): most of these shops sell their own goods. */
    feedBrand: text('feed_brand').notNull().default(''),
    /** When Meta's and Google's robots last read the feed: the channel is live once they do. */
    metaFeedReadAt: timestamp('meta_feed_read_at', { withTimezone: true }),
    googleFeedReadAt: timestamp('google_feed_read_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('channel_settings_feed_secret_uq').on(t.feedSecret)],
);
