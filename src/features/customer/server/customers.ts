import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { changedAfter, microsOf, nextChangeCursor, readChangeCursor } from '@/server/db/change-cursor';
import { executePrepared, rowOf, type Executor } from '@/server/db';
import { clients } from '@/server/db/schema/customer';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { isUniqueViolation } from '@/server/db/pg-errors';
import { toE164 } from '@/shared/phone';
import { normalizeForSearch } from '@/shared/search';
import type { CountryCode } from 'libphonenumber-js';
import type { TCustomerInput } from '../customer.schemas';

export type CustomerRow = typeof clients.$inferSelect;

/** What the search reads: name, phones' digits (the E.164 form holds the local one), e-mail. */
export function searchTextOf(
  name: string,
  phone: string | null,
  email: string | null = null,
  phone2: string | null = null,
): string {
  const digits = (p: string | null) => (p ? p.replace(/\D/g, '') : '');
  return normalizeForSearch(`${name} ${digits(phone)} ${email ?? ''} ${digits(phone2)}`);
}

/** « Awa Ndiaye Diop » → Awa / Ndiaye Diop: the profile's two names from the one typed. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

function newCustomerRow(shopId: string, input: TCustomerInput, phone: string | null) {
  const address = input.addresses[0];
  return {
    id: newId(),
    shopId,
    name: input.name,
    ...splitName(input.name),
    phone,
    email: input.email || null,
    addresses: input.addresses,
    commune: address?.commune ?? '',
    quartier: address?.quartier ?? '',
    landmark: address?.indications ?? '',
    searchText: searchTextOf(input.name, phone, input.email || null),
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
  // Every order for a known client reads it: written by hand, cheaper than built each time.
  const [row] = await executePrepared(
    db,
    sql`select * from clients where shop_id = ${shopId} and id = ${clientId}`,
  );
  return row ? rowOf(clients, row) : null;
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
  // back in one round trip. A client known by this number as their second phone (a merged
  // duplicate's) is that client, not a new one.
  const [found] = await executePrepared(
    db,
    sql`with second as (
      select * from clients where shop_id = ${shop.id} and phone2 = ${phone} and ${phone}::text is not null
      order by id limit 1
    ), inserted as (
      insert into clients (id, shop_id, name, first_name, last_name, phone, email, addresses, commune, quartier,
        landmark, search_text)
      select ${values.id}, ${values.shopId}, ${values.name}, ${values.firstName}, ${values.lastName}, ${values.phone},
        ${values.email}, ${JSON.stringify(values.addresses)}::jsonb, ${values.commune}, ${values.quartier},
        ${values.landmark}, ${values.searchText}
      where not exists (select 1 from second)
      on conflict do nothing returning *
    )
    select * from clients where shop_id = ${shop.id} and phone = ${phone}
    union all select * from second
    union all select * from inserted
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

/**
 * What a search looks for in `search_text`: the digits of a phone typed in any form (« 77 123 45
 * 67 », « +221771234567 »: both are inside the stored E.164 digits), else the text without
 * accents or case.
 */
export function searchNeedle(search: string): string {
  const text = normalizeForSearch(search);
  const digits = search.replace(/\D/g, '');
  return digits.length >= 3 && digits.length === search.replace(/[\s+().-]/g, '').length ? digits : text;
}

/**
 * The clients whose search text holds `needle`, read from `client_search` (its trigram index), as
 * a condition on `clients`.
 */
export function searchedClients(shopId: string, needle: string): SQL {
  const pattern = '%' + needle.replace(/[%_\\]/g, '\\$&') + '%';
  return sql`clients.id in (select client_id from client_search where shop_id = ${shopId} and search_text like ${pattern})`;
}

/** By name or phone digits, accents and case ignored; most recent first. */
export async function searchCustomers(
  db: Executor,
  shopId: string,
  search: string,
  limit: number,
): Promise<CustomerRow[]> {
  const needle = searchNeedle(search);
  return db
    .select()
    .from(clients)
    .where(and(eq(clients.shopId, shopId), needle ? searchedClients(shopId, needle) : undefined))
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
    .select({
      id: clients.id,
      name: clients.name,
      phone: clients.phone,
      balance: clients.balance,
      creditLimit: clients.creditLimit,
      storeCredit: clients.storeCredit,
      loyaltyPoints: clients.loyaltyPoints,
      micros: microsOf(clients.updatedAt),
    })
    .from(clients)
    .where(and(eq(clients.shopId, shopId), changedAfter(clients, from)))
    .orderBy(asc(clients.updatedAt), asc(clients.id))
    .limit(limit + 1);
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ id, name, phone, balance, creditLimit, storeCredit, loyaltyPoints }) => ({
      id,
      name,
      phone,
      ...(balance ? { balance } : {}),
      ...(creditLimit !== null ? { creditLimit } : {}),
      ...(storeCredit ? { storeCredit } : {}),
      ...(loyaltyPoints ? { loyaltyPoints } : {}),
    })),
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

/** Names and phones of those of `ids` that are the shop's clients, for reports that list them. */
export async function clientLabels(
  db: Executor,
  shopId: string,
  ids: string[],
): Promise<Map<string, { name: string; phone: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: clients.id, name: clients.name, phone: clients.phone })
    .from(clients)
    .where(and(eq(clients.shopId, shopId), inArray(clients.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, { name: r.name, phone: r.phone }]));
}

/** What all the shop's clients owe now (their « ardoises »). */
export async function totalOwedByClients(db: Executor, shopId: string): Promise<number> {
  const [row] = await db
    .select({ owed: sql<string>`coalesce(sum(${clients.balance}), 0)` })
    .from(clients)
    // Only the clients who owe: the partial index `clients_shop_owed_idx` holds just them, balances
    // included, so the sum reads no table row.
    .where(and(eq(clients.shopId, shopId), gt(clients.balance, 0)));
  return Number(row?.owed ?? 0);
}

/** Clients whose first order was placed between two of the shop's days (its time zone), both included. */
export async function countFirstOrdersBetween(
  db: Executor,
  shopId: string,
  fromDay: string,
  toDay: string,
  timeZone: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(clients)
    .where(
      and(
        eq(clients.shopId, shopId),
        sql`${clients.firstOrderAt} >= (${fromDay}::date)::timestamp at time zone ${timeZone}`,
        sql`${clients.firstOrderAt} < (${toDay}::date + 1)::timestamp at time zone ${timeZone}`,
      ),
    );
  return Number(row?.n ?? 0);
}
