import type { Database } from '@/server/db';
import { getLogger } from '@/server/logger';
import type { PaymentStatus } from '@/server/payments/payment-provider';
import { dayjs, formatDateTime } from '@/shared/dates';
import { PLANS, periodLabel, type BillingPeriod, type PaidPlanId } from '@/shared/plans';
import { lockShop, updateShop } from '@/features/shop/server/shop.repository';
import { announceShopUpdate } from '@/features/shop/server/update-shop-settings';
import { createNotification } from '@/features/notification/server/create-notification';
import {
  announceOnlineOrderPayment,
  applyOnlineOrderPayment,
} from '@/features/order/server/settle-order-payment';
import { toProviderAmount } from '@/features/order/server/order-payment-link';
import {
  insertInvoice,
  lockPayment,
  nextInvoiceNumber,
  updatePayment,
  type PaymentRow,
} from './payment.repository';

export type SettledStatus = PaymentRow['status'];

/**
 * Applies what the provider says about a payment, once: the payment row is locked and a settled
 * payment is never settled again, so the webhook and the payer's return may race safely.
 * A subscription's success extends the paid period from its current end (or from now if it has
 * passed), sets the plan, and issues the invoice; an order's success records the payment on the
 * order and credits the shop balance. Each in one transaction; the notification follows the commit.
 */
export async function settlePayment(db: Database, status: PaymentStatus, now: Date = new Date()) {
  const result = await db.transaction(async (tx) => {
    const payment = await lockPayment(tx, status.paymentId);
    if (!payment) return null;
    if (payment.status !== 'pending' || status.outcome === 'pending') return { payment, changed: false };

    const amountMatches =
      status.amount === undefined ||
      (status.amount === toProviderAmount(payment.amount, payment.currency) &&
        (status.currency ?? payment.currency) === payment.currency);
    if (status.outcome === 'failed' || !amountMatches) {
      if (!amountMatches)
        getLogger().error({ paymentId: payment.id, reported: status }, 'paid amount differs from the price');
      await updatePayment(tx, payment.id, { status: 'failed', settledAt: now });
      return { payment: { ...payment, status: 'failed' }, changed: true };
    }

    if (payment.orderId) {
      const settled = await applyOnlineOrderPayment(tx, { ...payment, orderId: payment.orderId }, status);
      await updatePayment(tx, payment.id, {
        status: 'succeeded',
        settledAt: now,
        providerReference: status.providerReference ?? payment.providerReference,
      });
      return { payment: { ...payment, status: 'succeeded' }, changed: true, settled };
    }

    const plan = payment.plan as PaidPlanId;
    const months = payment.months!;
    const shop = await lockShop(tx, payment.shopId);
    const start = shop.shopExpiresAt && shop.shopExpiresAt > now ? shop.shopExpiresAt : now;
    const end = dayjs(start).add(months, 'month').toDate();
    await updateShop(tx, shop.id, { subscriptionPlan: plan, shopExpiresAt: end });
    await insertInvoice(tx, {
      shopId: shop.id,
      paymentId: payment.id,
      number: await nextInvoiceNumber(tx, shop.id),
      plan,
      months,
      amount: payment.amount,
      currency: payment.currency,
      periodStart: start,
      periodEnd: end,
    });
    await updatePayment(tx, payment.id, {
      status: 'succeeded',
      settledAt: now,
      providerReference: status.providerReference ?? payment.providerReference,
    });
    return { payment: { ...payment, status: 'succeeded' }, changed: true, end, timeZone: shop.timeZone };
  });

  if (result?.changed && 'settled' in result && result.settled)
    await announceOnlineOrderPayment(db, result.settled, result.payment.amount, result.payment.currency);
  if (result?.changed && result.payment.status === 'succeeded' && 'end' in result) {
    const label = PLANS[result.payment.plan as PaidPlanId].label;
    await createNotification(db, result.payment.shopId, {
      type: 'shop',
      title: 'Abonnement activé',
      description: `Paiement reçu pour le forfait ${label} (${periodLabel(result.payment.months as BillingPeriod)}). Votre abonnement est actif jusqu’au ${formatDateTime(result.end!, result.timeZone)}.`,
    });
    announceShopUpdate(result.payment.shopId);
  }
  return result?.payment ?? null;
}
