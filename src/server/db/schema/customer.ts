import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shops } from './shop';
import { createdAt } from './columns';

/** A shop's customers (the base the Clients module builds on). The phone is E.164, one per shop. */
export const clients = pgTable(
  'clients',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    addresses: jsonb('addresses').$type<ClientAddress[]>().notNull().default([]),
    /** Name and phone digits, lower-cased without accents, for trigram search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clients_phone_uq')
      .on(t.shopId, t.phone)
      .where(sql`${t.phone} is not null`),
    index('clients_shop_id_idx').on(t.shopId, t.id),
    // The till's copy of the clients: what changed since its last look.
    index('clients_shop_updated_idx').on(t.shopId, t.updatedAt, t.id),
    index('clients_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export interface ClientAddress {
  quartier: string;
  commune: string;
  ville: string;
  indications: string;
}
