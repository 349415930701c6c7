import { formatDateTime } from '@/shared/dates';
import { dayjs } from '@/shared/dayjs';
import { PLANS, periodLabel, type BillingPeriod, type PaidPlanId } from '@/shared/plans';
import { lockShop, updateShop } from '@/features/shop/server/shop.repository';
import { announceShopUpdate } from '@/features/shop/server/update-shop-settings';
import { createNotification } from '@/features/notification/server/create-notification';
import type { SettlementHandler } from '@/features/payment/server/settlements';
import { insertInvoice, nextInvoiceNumber } from './invoice.repository';

/**
 * A subscription paid: the paid period extends from its current end (or from now if it has
 * passed), the plan is set and the invoice issued; then the shop is told and its screens refreshed.
 */
export const subscriptionSettlement: SettlementHandler = {
  async applySuccess(tx, payment, _status, now) {
    const plan = payment.plan as PaidPlanId;
    const months = payment.months! as BillingPeriod;
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
    return async (db) => {
      await createNotification(db, shop.id, {
        type: 'shop',
        link: '/parametres/abonnement',
        capability: 'subscription:view',
        title: 'Abonnement activé',
        description: `Paiement reçu pour le forfait ${PLANS[plan].label} (${periodLabel(months)}). Votre abonnement est actif jusqu’au ${formatDateTime(end, shop.timeZone)}.`,
      });
      announceShopUpdate(shop.id);
    };
  },
  async returnLocation(_db, payment, message) {
    const query = new URLSearchParams({ shopId: payment.shopId });
    if (message) query.set('message', message);
    return `/parametres/abonnement?${query.toString()}`;
  },
};
