import { eq } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { deliveryTrackings } from '@/server/db/schema/delivery';
import { publicUrl } from '@/server/env';
import { AppError } from '@/server/http/errors';
import { getLogger } from '@/server/logger';
import { formatMoney } from '@/shared/money';
import { formatPhone } from '@/shared/phone-format';
import { sendShopSms } from '@/features/shop/server/shop-sms';
import { findOrdersForDelivery } from '@/features/order/server/delivery-facts';
import type { TOrderDelivery, TRACKING_SMS_RESULTS } from '../delivery.schemas';
import { newLinkToken } from './secrets';

export type TrackingSmsResult = (typeof TRACKING_SMS_RESULTS)[number];

export function trackingUrl(token: string): string {
  return `${publicUrl()}/suivi/${token}`;
}

/** The order's tracking token, made the first time it is asked for. */
export async function ensureTracking(db: Executor, shopId: string, orderId: string): Promise<string> {
  await db.insert(deliveryTrackings).values({ orderId, shopId, token: newLinkToken() }).onConflictDoNothing();
  const [row] = await db
    .select({ token: deliveryTrackings.token })
    .from(deliveryTrackings)
    .where(eq(deliveryTrackings.orderId, orderId));
  return row!.token;
}

export async function findTrackingToken(db: Executor, orderId: string): Promise<string | null> {
  const [row] = await db
    .select({ token: deliveryTrackings.token })
    .from(deliveryTrackings)
    .where(eq(deliveryTrackings.orderId, orderId));
  return row?.token ?? null;
}

/** The first name a customer greets a rider by. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/**
 * The customer's SMS as the order leaves: who brings it, what to pay, the code to give the rider
 * and the tracking link. Counted in the plan's SMS like every SMS the shop sends; a refusal (quota,
 * gateway) leaves the hand-over as it is and is told to the agent, who can share the link on
 * WhatsApp instead.
 */
export async function sendTrackingSms(
  db: Database,
  shopId: string,
  input: Pick<TOrderDelivery, 'orderId' | 'rider' | 'amountDue' | 'proofCode'>,
  token: string,
): Promise<TrackingSmsResult> {
  const order = (await findOrdersForDelivery(db, shopId, [input.orderId])).get(input.orderId);
  if (!order?.clientPhone) return 'no_phone';
  try {
    await sendShopSms(db, shopId, {
      phone: order.clientPhone,
      purpose: 'tracking',
      what: 'le suivi des livraisons',
      body: (shop) =>
        [
          `${shop.name} : votre commande #${order.number} est en route avec ${firstName(input.rider.name)} (${formatPhone(input.rider.phone)}).`,
          input.amountDue > 0 ? `À payer : ${formatMoney(input.amountDue, shop.currency)}.` : 'Déjà payée.',
          input.proofCode ? `Code à donner au livreur : ${input.proofCode}.` : '',
          `Suivi : ${trackingUrl(token)}`,
        ]
          .filter(Boolean)
          .join(' '),
    });
    return 'sent';
  } catch (error) {
    if (error instanceof AppError && error.code === 'QUOTA_EXCEEDED') return 'quota';
    if (error instanceof AppError) return 'failed';
    getLogger().error({ err: error, shopId }, 'tracking SMS');
    return 'failed';
  }
}

/** The order a tracking token names (the online shop's confirmation page reads it too). */
export async function findTrackedOrder(
  db: Executor,
  token: string,
): Promise<{ shopId: string; orderId: string } | null> {
  if (!/^[\w-]{10,64}$/.test(token)) return null;
  const [row] = await db
    .select({ orderId: deliveryTrackings.orderId, shopId: deliveryTrackings.shopId })
    .from(deliveryTrackings)
    .where(eq(deliveryTrackings.token, token));
  return row ?? null;
}
