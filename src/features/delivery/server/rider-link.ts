import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { deliveryRiders } from '@/server/db/schema/delivery';
import { publicUrl } from '@/server/env';
import { Errors } from '@/server/http/errors';
import { frenchTypography as fr } from '@/shared/typography';
import { sendShopSms } from '@/features/shop/server/shop-sms';
import { getShopById } from '@/features/shop/server/shop.repository';
import { newLinkToken, newShortCode } from './secrets';
import { firstName } from './tracking';

export function riderUrl(token: string): string {
  return `${publicUrl()}/livreur/${token}`;
}

async function findRider(db: Executor, shopId: string, riderId: string) {
  const [rider] = await db
    .select()
    .from(deliveryRiders)
    .where(and(eq(deliveryRiders.shopId, shopId), eq(deliveryRiders.id, riderId)));
  if (!rider) throw Errors.notFound('Le livreur');
  return rider;
}

/** The rider's current link, if they have one (only managers see it: it is the rider's key). */
export async function getRiderLink(db: Executor, shopId: string, riderId: string) {
  const rider = await findRider(db, shopId, riderId);
  return {
    url: rider.linkToken ? riderUrl(rider.linkToken) : null,
    createdAt: rider.linkCreatedAt?.toISOString() ?? null,
  };
}

/**
 * A new link for the rider; the one they had stops working. An inactive rider gets none. The
 * hand-over code their page shows is made with their first link.
 */
export async function createRiderLink(db: Executor, shopId: string, riderId: string) {
  const rider = await findRider(db, shopId, riderId);
  if (!rider.isActive)
    throw Errors.validation({
      riderId: fr(`${rider.name} est inactif : réactivez-le avant de lui envoyer un lien.`),
    });
  const token = newLinkToken();
  const linkCreatedAt = new Date();
  await db
    .update(deliveryRiders)
    .set({ linkToken: token, linkCreatedAt, remitCode: rider.remitCode || newShortCode() })
    .where(eq(deliveryRiders.id, rider.id));
  return { url: riderUrl(token), createdAt: linkCreatedAt.toISOString() };
}

/** The link stops working at once; the rider's page then says so. */
export async function revokeRiderLink(db: Executor, shopId: string, riderId: string): Promise<void> {
  const rider = await findRider(db, shopId, riderId);
  await db
    .update(deliveryRiders)
    .set({ linkToken: null, linkCreatedAt: null })
    .where(eq(deliveryRiders.id, rider.id));
}

/** Texts the rider their link (counted in the plan's SMS, like every SMS the shop sends). */
export async function sendRiderLinkSms(db: Database, shopId: string, riderId: string): Promise<void> {
  const rider = await findRider(db, shopId, riderId);
  if (!rider.linkToken) throw Errors.validation({ riderId: 'Créez d’abord le lien du livreur.' });
  const url = riderUrl(rider.linkToken);
  await sendShopSms(db, shopId, {
    phone: rider.phone,
    purpose: 'rider_link',
    what: 'les liens des livreurs',
    body: (shop) =>
      `${shop.name} : bonjour ${firstName(rider.name)}, vos livraisons du jour sont ici : ${url} (ne partagez pas ce lien).`,
  });
}

/** The rider a link opens, with their shop; null for a link revoked or never made. */
export async function findRiderByToken(db: Executor, token: string) {
  if (!/^[\w-]{10,64}$/.test(token)) return null;
  const [rider] = await db
    .select()
    .from(deliveryRiders)
    .where(and(eq(deliveryRiders.linkToken, token), eq(deliveryRiders.isActive, true)));
  const shop = rider ? await getShopById(db, rider.shopId) : null;
  return rider && shop ? { rider, shop } : null;
}
