import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js';
import { executePrepared, type Executor } from '@/server/db';
import { clients } from '@/server/db/schema/customer';
import { Errors } from '@/server/http/errors';
import { isUniqueViolation } from '@/server/db/pg-errors';
import { toE164 } from '@/shared/phone';
import type { TUpdateClientBody } from '../customer.schemas';
import { customerPhone, findCustomerById, searchTextOf, type CustomerRow } from './customers';

/** One of the shop's clients, or a 404. */
export async function requireClient(db: Executor, shopId: string, clientId: string): Promise<CustomerRow> {
  const client = await findCustomerById(db, shopId, clientId);
  if (!client) throw Errors.notFound('Ce client');
  return client;
}

/**
 * Changes what the body sends and nothing else. The phone stays unique in the shop (a 422 on
 * `phone` otherwise); a consent given or withdrawn here is dated now, its source the team.
 */
export async function updateClient(
  db: Executor,
  shop: { id: string; country: string },
  body: TUpdateClientBody,
): Promise<CustomerRow> {
  const client = await requireClient(db, shop.id, body.clientId);
  const set: Partial<typeof clients.$inferInsert> = { updatedAt: new Date() };
  if (body.firstName !== undefined) set.firstName = body.firstName;
  if (body.lastName !== undefined) set.lastName = body.lastName;
  const firstName = set.firstName ?? client.firstName;
  const lastName = set.lastName ?? client.lastName;
  if (body.firstName !== undefined || body.lastName !== undefined)
    set.name = `${firstName} ${lastName}`.trim();
  if (body.phone !== undefined) {
    const phone = customerPhone(body.phone, shop.country);
    if (!phone) throw Errors.validation({ phone: 'Le téléphone est obligatoire pour un client.' });
    set.phone = phone;
  }
  if (body.phone2 !== undefined) set.phone2 = body.phone2 ? secondPhone(body.phone2, shop.country) : null;
  if (body.whatsapp !== undefined) set.whatsapp = body.whatsapp;
  if (body.email !== undefined) set.email = body.email || null;
  if (body.commune !== undefined) set.commune = body.commune;
  if (body.quartier !== undefined) set.quartier = body.quartier;
  if (body.landmark !== undefined) set.landmark = body.landmark;
  if (body.gps !== undefined) {
    set.gpsLat = body.gps?.lat ?? null;
    set.gpsLng = body.gps?.lng ?? null;
  }
  if (body.birthday !== undefined) {
    const [day, month] = body.birthday ? body.birthday.split('-').map(Number) : [null, null];
    set.birthdayDay = day ?? null;
    set.birthdayMonth = month ?? null;
  }
  if (body.notes !== undefined) set.notes = body.notes;
  if (body.tags !== undefined) set.tags = normalizedTags(body.tags);
  if (body.consentSms !== undefined && body.consentSms !== (client.consentSmsAt !== null)) {
    set.consentSmsAt = body.consentSms ? new Date() : null;
    set.consentSmsSource = body.consentSms ? 'agent' : null;
  }
  if (body.consentWhatsapp !== undefined && body.consentWhatsapp !== (client.consentWhatsappAt !== null)) {
    set.consentWhatsappAt = body.consentWhatsapp ? new Date() : null;
    set.consentWhatsappSource = body.consentWhatsapp ? 'agent' : null;
  }
  if (body.creditLimit !== undefined) set.creditLimit = body.creditLimit;
  set.searchText = searchTextOf(
    set.name ?? client.name,
    set.phone ?? client.phone,
    set.email !== undefined ? set.email : client.email,
    set.phone2 !== undefined ? set.phone2 : client.phone2,
  );
  try {
    const [updated] = await db
      .update(clients)
      .set(set)
      .where(and(eq(clients.shopId, shop.id), eq(clients.id, client.id)))
      .returning();
    return updated!;
  } catch (error) {
    if (isUniqueViolation(error))
      throw Errors.validation({ phone: 'Un autre client de la boutique a déjà ce numéro.' });
    throw error;
  }
}

function secondPhone(input: string, country: string): string {
  const phone = toE164(input, country as CountryCode);
  if (!phone) throw Errors.validation({ phone2: 'Numéro de téléphone invalide.' });
  return phone;
}

/** Tags as typed, without doubles whatever their case, in the order given. */
function normalizedTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLocaleLowerCase('fr');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Adds and removes tags on the shop's clients chosen; answers how many changed. */
export async function bulkTagClients(
  db: Executor,
  shopId: string,
  clientIds: readonly string[],
  add: readonly string[],
  remove: readonly string[],
): Promise<number> {
  const found = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.shopId, shopId), inArray(clients.id, [...clientIds])));
  if (found.length !== new Set(clientIds).size)
    throw Errors.validation({ clientIds: 'Un des clients choisis n’existe pas dans la boutique.' });
  const rows = await executePrepared(
    db,
    sql`update clients set
        tags = array(
          select distinct on (lower(t)) t from unnest(tags || ${sql.param(normalizedTags(add))}::text[]) with ordinality as x(t, n)
          where lower(t) <> all (select lower(r) from unnest(${sql.param([...remove])}::text[]) r)
          order by lower(t), n
        ),
        updated_at = now()
      where shop_id = ${shopId} and id = any(${sql.param([...clientIds])}::text[])
      returning id`,
  );
  return rows.length;
}
