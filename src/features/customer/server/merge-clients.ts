import { and, eq, sql } from 'drizzle-orm';
import { executePrepared, rowOf, type Database } from '@/server/db';
import { clients } from '@/server/db/schema/customer';
import { Errors } from '@/server/http/errors';
import { moveClientOrders } from '@/features/order/server/move-client-orders';
import { refreshClientFigures } from '@/features/order/server/client-figures';
import { moveDiscountUsesToPhone } from '@/features/discount/server';
import { moveClientEntries } from '@/features/loyalty/server/ledger';
import { insertClientEvent, moveClientEvents } from './client-events';
import { movePointsBalance } from './loyalty-balance';
import { searchTextOf, type CustomerRow } from './customers';

/** Tags of both, the kept one's first, without doubles whatever their case. */
function unitedTags(kept: readonly string[], merged: readonly string[]): string[] {
  const seen = new Set<string>();
  return [...kept, ...merged].filter((tag) => {
    const key = tag.toLocaleLowerCase('fr');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The consent given first of the two (with its source): a consent is never lost by a merge. */
function earliestConsent(
  a: { at: Date | null; source: string | null },
  b: { at: Date | null; source: string | null },
) {
  if (!a.at) return b;
  if (!b.at) return a;
  return a.at <= b.at ? a : b;
}

/**
 * « Fusionner »: `mergeId` becomes part of `keepId`, in one transaction. Its orders are moved to
 * the kept client (the order module's moveClientOrders; the balance they carry follows, and the
 * figures are computed again from the orders), its store credit and loyalty points added, tags united, notes
 * appended, each consent kept at its earliest, its phone kept as the second phone when that is
 * free, empty fields of the kept profile filled from it. Then it is deleted: orders cannot point
 * to it any more (foreign key), and a client row marked « merged » would have to be hidden from
 * every list, search, till copy and phone lookup. The merge is written on the kept client's
 * timeline with what was merged. Nothing is refused for holding credit or owing money.
 *
 * Discount uses are counted by phone (the order's snapshot): the merged phone's count from now on
 * for the kept client's phone (the discount module's moveDiscountUsesToPhone).
 */
export async function mergeClients(
  db: Database,
  shop: { id: string },
  userId: string,
  input: { keepId: string; mergeId: string },
): Promise<{ client: CustomerRow; ordersMoved: number }> {
  if (input.keepId === input.mergeId)
    throw Errors.validation({ mergeId: 'Choisissez un autre client que celui que vous gardez.' });
  return db.transaction(async (tx) => {
    // Both rows locked, in id order: two merges of the same pair at once wait for each other.
    const rows = (
      await executePrepared(
        tx,
        sql`select * from clients where shop_id = ${shop.id} and id in (${input.keepId}, ${input.mergeId})
          order by id for update`,
      )
    ).map((row) => rowOf(clients, row));
    const kept = rows.find((r) => r.id === input.keepId);
    const merged = rows.find((r) => r.id === input.mergeId);
    if (!kept) throw Errors.validation({ keepId: 'Ce client n’existe pas dans la boutique.' });
    if (!merged) throw Errors.validation({ mergeId: 'Ce client n’existe pas dans la boutique.' });

    const ordersMoved = await moveClientOrders(tx, shop.id, merged.id, kept.id);
    await moveClientEvents(tx, shop.id, merged.id, kept.id);
    if (kept.phone && merged.phone) await moveDiscountUsesToPhone(tx, shop.id, merged.phone, kept.phone);
    // Loyalty points follow with their ledger (the loyalty module's).
    await moveClientEntries(tx, shop.id, merged.id, kept.id);
    await movePointsBalance(tx, shop.id, [merged.id], kept.id);
    await tx.delete(clients).where(and(eq(clients.shopId, shop.id), eq(clients.id, merged.id)));

    const sms = earliestConsent(
      { at: kept.consentSmsAt, source: kept.consentSmsSource },
      { at: merged.consentSmsAt, source: merged.consentSmsSource },
    );
    const whatsapp = earliestConsent(
      { at: kept.consentWhatsappAt, source: kept.consentWhatsappSource },
      { at: merged.consentWhatsappAt, source: merged.consentWhatsappSource },
    );
    const email = kept.email ?? merged.email;
    const addresses = [...kept.addresses];
    for (const address of merged.addresses)
      if (addresses.length < 10 && !addresses.some((a) => JSON.stringify(a) === JSON.stringify(address)))
        addresses.push(address);
    const notes = [kept.notes.trim(), merged.notes.trim()].filter(Boolean).join('\n\n');
    const hasBirthday = kept.birthdayDay !== null && kept.birthdayMonth !== null;
    const hasGps = kept.gpsLat !== null && kept.gpsLng !== null;
    const phone2 = kept.phone2 ?? merged.phone ?? merged.phone2;
    await tx
      .update(clients)
      .set({
        email,
        phone2,
        addresses,
        commune: kept.commune || merged.commune,
        quartier: kept.quartier || merged.quartier,
        landmark: kept.landmark || merged.landmark,
        gpsLat: hasGps ? kept.gpsLat : merged.gpsLat,
        gpsLng: hasGps ? kept.gpsLng : merged.gpsLng,
        birthdayDay: hasBirthday ? kept.birthdayDay : merged.birthdayDay,
        birthdayMonth: hasBirthday ? kept.birthdayMonth : merged.birthdayMonth,
        notes,
        tags: unitedTags(kept.tags, merged.tags),
        consentSmsAt: sms.at,
        consentSmsSource: sms.source,
        consentWhatsappAt: whatsapp.at,
        consentWhatsappSource: whatsapp.source,
        // The limit the user set on the kept client stays; without one, the merged client's.
        creditLimit: kept.creditLimit ?? merged.creditLimit,
        // A database sum: a refund given as credit to either meanwhile is not lost.
        storeCredit: sql`${clients.storeCredit} + ${merged.storeCredit}`,
        searchText: searchTextOf(kept.name, kept.phone, email, phone2),
        updatedAt: new Date(),
      })
      .where(and(eq(clients.shopId, shop.id), eq(clients.id, kept.id)));

    await refreshClientFigures(tx, shop.id, kept.id);
    await insertClientEvent(tx, {
      shopId: shop.id,
      clientId: kept.id,
      type: 'merge',
      userId,
      data: {
        mergedId: merged.id,
        mergedName: merged.name,
        mergedPhone: merged.phone,
        mergedEmail: merged.email,
        ordersMoved,
        storeCredit: merged.storeCredit,
        balance: merged.balance,
      },
    });
    const [client] = await tx
      .select()
      .from(clients)
      .where(and(eq(clients.shopId, shop.id), eq(clients.id, kept.id)));
    return { client: client!, ordersMoved };
  });
}
