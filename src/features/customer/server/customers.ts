import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { changedAfter, microsOf, nextChangeCursor, readChangeCursor } from '@/server/db/change-cursor';
import { executePrepared, rowOf, runPrepared, type Executor } from '@/server/db';
import { clients } from '@/server/db/schema/customer';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { isUniqueViolation } from '@/server/db/pg-errors';
import { toE164 } from '@/shared/phone';
import { normalizeForSearch } from '@/shared/search';
import type { CountryCode } from 'libphonenumber-js';
import type { TCustomerInput } from '../customer.schemas';

export type CustomerRow = typeof clients.$inferSelect;

function searchTextOf(name: string, phone: string | null): string {
  return normalizeForSearch(`${name} ${phone ? phone.replace(/\D/g, '') : ''}`);
}

function newCustomerRow(shopId: string, input: TCustomerInput, phone: string | null) {
  return {
    id: newId(),
    shopId,
    name: input.name,
    phone,
    email: input.email || null,
    addresses: input.addresses,
    searchText: searchTextOf(input.name, phone),
  };
}

/** The phone in E.164 for the shop's country, or a 422 naming the field. */
export function customerPhone(input: string | undefined, country: string, field = 'phone'): string | null {
  if (!input?.trim()) return null;
  const phone = toE164(input, country as CountryCode);
  if (!phone) throw Errors.validation({ [field]: 'Numéro de téléphone invalide.' });
  return phone;
}

export async function findCustomerById(
  db: Executor,
  shopId: string,
  clientId: string,
): Promise<CustomerRow | null> {
  const [row] = await runPrepared(
    db
      .select()
      .from(clients)
      .where(and(eq(clients.shopId, shopId), eq(clients.id, clientId))),
  );
  return row ?? null;
}

export async function findCustomerByPhone(
  db: Executor,
  shopId: string,
  phone: string,
): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.shopId, shopId), eq(clients.phone, phone)));
  return row ?? null;
}

/**
 * A new client, or the shop's existing one with the same phone (a phone is one person in a shop):
 * an order taken for « Awa, 77 123 45 67 » twice makes one client, not two.
 */
export async function findOrCreateCustomer(
  db: Executor,
  shop: { id: string; country: string },
  input: TCustomerInput,
  fieldPrefix = '',
): Promise<CustomerRow> {
  const phone = customerPhone(input.phone, shop.country, `${fieldPrefix}phone`);
  const values = newCustomerRow(shop.id, input, phone);
  // ON CONFLICT keeps an existing phone (or a concurrent creation of it) from failing the caller's
  // transaction. The insert and the existing client's lookup are one statement: either row comes
  // back in one round trip.
  const [found] = await executePrepared(
    db,
    sql`with inserted as (
      insert into clients (id, shop_id, name, phone, email, addresses, search_text)
      values (${values.id}, ${values.shopId}, ${values.name}, ${values.phone}, ${values.email}, ${JSON.stringify(values.addresses)}::jsonb, ${values.searchText})
      on conflict do nothing returning *
    )
    select * from inserted
    union all select * from clients where shop_id = ${shop.id} and phone = ${phone}
    limit 1`,
  );
  if (found) return rowOf(clients, found);
  // Created by a transaction that committed after this statement began: visible to the next one.
  const raced = phone ? await findCustomerByPhone(db, shop.id, phone) : null;
  if (!raced) throw Errors.conflict('Ce client vient d’être modifié. Réessayez.');
  return raced;
}

/** Creates a client; a phone already used in the shop is a 422 on the phone field. */
export async function createCustomer(
  db: Executor,
  shop: { id: string; country: string },
  input: TCustomerInput,
): Promise<CustomerRow> {
  const phone = customerPhone(input.phone, shop.country);
  try {
    const [created] = await db
      .insert(clients)
      .values(newCustomerRow(shop.id, input, phone))
      .returning();
    return created!;
  } catch (error) {
    if (isUniqueViolation(error))
      throw Errors.validation({ phone: 'Un client de la boutique a déjà ce numéro.' });
    throw error;
  }
}

/** By name or phone digits, accents and case ignored; most recent first. */
export async function searchCustomers(
  db: Executor,
  shopId: string,
  search: string,
  limit: number,
): Promise<CustomerRow[]> {
  const text = normalizeForSearch(search);
  const digits = search.replace(/\D/g, '');
  const needle =
    digits.length >= 3 && digits.length === search.replace(/[\s+().-]/g, '').length ? digits : text;
  return db
    .select()
    .from(clients)
    .where(
      and(
        eq(clients.shopId, shopId),
        needle ? sql`${clients.searchText} like ${'%' + needle.replace(/[%_\\]/g, '\\$&') + '%'}` : undefined,
      ),
    )
    .orderBy(desc(clients.id))
    .limit(limit);
}

/** Customers changed since the cursor, for a copy kept elsewhere (the till searches name and phone). */
export async function customerChanges(
  db: Executor,
  shopId: string,
  since: string | undefined,
  limit: number,
) {
  const from = readChangeCursor(since);
  const rows = await db
    .select({ id: clients.id, name: clients.name, phone: clients.phone, micros: microsOf(clients.updatedAt) })
    .from(clients)
    .where(and(eq(clients.shopId, shopId), changedAfter(clients, from)))
    .orderBy(asc(clients.updatedAt), asc(clients.id))
    .limit(limit + 1);
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ id, name, phone }) => ({ id, name, phone })),
    cursor: nextChangeCursor(last, from, hasMore),
    hasMore,
  };
}

/** Of these ids, those that are not the shop's clients. */
export async function foreignCustomerIds(db: Executor, shopId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.shopId, shopId), inArray(clients.id, ids)));
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}
