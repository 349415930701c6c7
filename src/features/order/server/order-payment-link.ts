import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { orderPaymentLinks } from '@/server/db/schema/order';
import { publicUrl } from '@/server/env';
import { Errors } from '@/server/http/errors';
import { MAX_AMOUNT } from '@/shared/bounds';
import { findRecentOrderCheckout } from '@/features/payment/server/payment.repository';
import { paymentProvider } from '@/features/payment/server/payment-gateway';
import { startCheckout } from '@/features/payment/server/start-checkout';
import { getShopById } from '@/features/shop/server/shop.repository';
import type { PaymentStatus } from '../order.schemas';
import type { PayableOrder, PaymentLinkShareWay } from '../payment-link.schemas';
import { addOrderEvent, findLinesOf, findOrder, type OrderRow } from './order.repository';
import { amountDue } from './order-payments';

/** A payer who comes back to the link within this time is sent to the same checkout page. */
const CHECKOUT_REUSE_MS = 30 * 60 * 1000;

export function paymentLinkUrl(token: string): string {
  return `${publicUrl()}/payer/${token}`;
}

/** Why an order cannot be paid (any more), in the words its payer or seller will read. */
function refusalOf(order: OrderRow): string | null {
  if (order.fulfilmentStatus === 'cancelled' || order.fulfilmentStatus === 'returned')
    return 'Cette commande est annulée ou retournée : elle ne peut plus être payée.';
  if (amountDue(order) === 0) return 'Cette commande est déjà entièrement payée.';
  // Only an order stored before the bounds can owe more: no provider is asked for such a sum.
  if (amountDue(order) > MAX_AMOUNT)
    return 'Le montant dû dépasse le maximum d’un paiement en ligne : encaissez-le autrement.';
  return null;
}

async function payableOrderOf(db: Executor, shopId: string, orderId: string): Promise<OrderRow> {
  const order = await findOrder(db, shopId, orderId);
  if (!order) throw Errors.notFound('La commande');
  const refusal = refusalOf(order);
  if (refusal) throw Errors.conflict(refusal);
  return order;
}

/**
 * « Lien de paiement »: the order's public link, made once and then given again, so every message
 * the shop sent stays valid. The link always asks for what is due at the time it is opened.
 * Opening the dialog asks for it: nothing is shared yet, so the timeline says nothing
 * (`recordPaymentLinkShared` does, when the seller copies or sends it).
 */
export async function getOrderPaymentLink(
  db: Database,
  shopId: string,
  userId: string,
  orderId: string,
): Promise<{ url: string }> {
  await payableOrderOf(db, shopId, orderId);
  const [made] = await db
    .insert(orderPaymentLinks)
    .values({ orderId, shopId, token: randomBytes(24).toString('base64url'), createdByUserId: userId })
    .onConflictDoNothing({ target: orderPaymentLinks.orderId })
    .returning();
  if (made) return { url: paymentLinkUrl(made.token) };
  const [link] = await db.select().from(orderPaymentLinks).where(eq(orderPaymentLinks.orderId, orderId));
  return { url: paymentLinkUrl(link!.token) };
}

/**
 * The seller copied the link or sent it on WhatsApp: now the timeline says it was shared, how,
 * and for what was due then. Each share is one entry (a second message is a second share).
 */
export async function recordPaymentLinkShared(
  db: Database,
  shopId: string,
  userId: string,
  input: { orderId: string; via: PaymentLinkShareWay },
): Promise<void> {
  const order = await payableOrderOf(db, shopId, input.orderId);
  const [link] = await db
    .select({ orderId: orderPaymentLinks.orderId })
    .from(orderPaymentLinks)
    .where(eq(orderPaymentLinks.orderId, order.id));
  if (!link)
    throw Errors.conflict('Ce lien de paiement n’a pas encore été créé : ouvrez « Lien de paiement ».');
  await addOrderEvent(db, order, userId, 'payment_link', { amount: amountDue(order), via: input.via });
}

async function findLinkedOrder(db: Executor, token: string) {
  const [link] = await db.select().from(orderPaymentLinks).where(eq(orderPaymentLinks.token, token));
  const shop = link ? await getShopById(db, link.shopId) : null;
  const order = link && shop ? await findOrder(db, shop.id, link.orderId) : null;
  if (!shop || !order) throw Errors.notFound('Ce lien de paiement');
  return { shop, order };
}

/** What the payer sees on /payer/:token: the shop, the order's lines and totals, what is due. */
export async function getPayableOrder(db: Database, token: string): Promise<PayableOrder> {
  const { shop, order } = await findLinkedOrder(db, token);
  const lines = await findLinesOf(db, order.id);
  return {
    shop: { name: shop.name, logoUrl: shop.logoUrl, phone: shop.phone, currency: shop.currency },
    order: {
      number: order.number,
      clientName: order.clientName,
      lines: lines.map((l) => ({
        name: l.variantName ? `${l.productName} (${l.variantName})` : l.productName,
        quantity: l.quantity,
        total: l.total,
      })),
      deliveryFee: order.deliveryFee,
      discount: order.orderDiscount + order.lineDiscountTotal,
      total: order.total,
      paidAmount: order.paidAmount,
      amountDue: amountDue(order),
      paymentStatus: order.paymentStatus as PaymentStatus,
    },
    refusal: refusalOf(order),
  };
}

/**
 * The payer's « Payer »: a payment for what is due now, then the provider's checkout page. A payer
 * who clicks twice or comes back is sent to the checkout already made for the same amount.
 */
export async function startOrderCheckout(db: Database, token: string): Promise<{ redirectUrl: string }> {
  const { shop, order } = await findLinkedOrder(db, token);
  const refusal = refusalOf(order);
  if (refusal) throw Errors.conflict(refusal);
  const due = amountDue(order);
  const recent = await findRecentOrderCheckout(db, {
    orderId: order.id,
    amount: due,
    provider: paymentProvider(db).id,
    withinMs: CHECKOUT_REUSE_MS,
  });
  if (recent?.checkoutUrl) return { redirectUrl: recent.checkoutUrl };
  const { redirectUrl } = await startCheckout(db, {
    purpose: 'order_link',
    shopId: shop.id,
    orderId: order.id,
    amount: due,
    currency: shop.currency,
    createdByUserId: null,
    description: `Commande #${order.number} - ${shop.name}`,
    customer: { phone: order.clientPhone ?? shop.phone ?? '', firstName: order.clientName },
    payer: 'customer',
  });
  return { redirectUrl };
}

/** Where the payer's browser lands after the provider: back on the order's payment page. */
export async function paymentLinkOf(db: Executor, orderId: string): Promise<string | null> {
  const [link] = await db
    .select({ token: orderPaymentLinks.token })
    .from(orderPaymentLinks)
    .where(eq(orderPaymentLinks.orderId, orderId));
  return link ? `/payer/${link.token}` : null;
}
