import type { Database } from '@/server/db';
import { getLogger } from '@/server/logger';
import type { PaymentStatus } from '@/server/payments/payment-provider';
import { dayjs, formatDateTime } from '@/shared/dates';
import { PLANS, periodLabel, type BillingPeriod, type PaidPlanId } from '@/shared/plans';
import { lockShop, updateShop } from '@/features/shop/server/shop.repository';
import { announceShopUpdate } from '@/features/shop/server/update-shop-settings';
import { createNotification } from '@/features/notification/server/create-notification';
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
 * Success extends the paid period from its current end (or from now if it has passed), sets the
 * plan, and issues the invoice, all in one transaction; the notification follows the commit.
 */
export async function settlePayment(db: Database, status: PaymentStatus, now: Date = new Date()) {
  const result = await db.transaction(async (tx) => {
    const payment = await lockPayment(tx, status.paymentId);
    if (!payment) return null;
    if (payment.status !== 'pending' || status.outcome === 'pending') return { payment, changed: false };

    const amountMatches =
      status.amount === undefined ||
      (status.amount === payment.amount && (status.currency ?? payment.currency) === payment.currency);
    if (status.outcome === 'failed' || !amountMatches) {
      if (!amountMatches)
        getLogger().error({ paymentId: payment.id, reported: status }, 'paid amount differs from the price');
      await updatePayment(tx, payment.id, { status: 'failed', settledAt: now });
      return { payment: { ...payment, status: 'failed' }, changed: true };
    }

    const shop = await lockShop(tx, payment.shopId);
    const start = shop.shopExpiresAt && shop.shopExpiresAt > now ? shop.shopExpiresAt : now;
    const end = dayjs(start).add(payment.months, 'month').toDate();
    await updateShop(tx, shop.id, { subscriptionPlan: payment.plan, shopExpiresAt: end });
    await insertInvoice(tx, {
      shopId: shop.id,
      paymentId: payment.id,
      number: await nextInvoiceNumber(tx, shop.id),
      plan: payment.plan,
      months: payment.months,
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
