import type { Executor } from '@/server/db';
import { getLogger } from '@/server/logger';
import { formatMoney } from '@/shared/money';
import { createNotification } from '@/features/notification/server/create-notification';
import type { SettlementHandler } from '@/features/payment/server/settlements';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../order.schemas';
import { lockOrder } from './order.repository';
import { recordPayment } from './order-payments';
import { paymentLinkOf } from './order-payment-link';

/** Provider words for wallets (CinetPay: « OM », « OMCIV2 », « WAVECI », « MOMO », « FLOOZ »…). */
const PROVIDER_METHODS: Array<[RegExp, PaymentMethod]> = [
  [/^(OM|ORANGE)/i, 'orange_money'],
  [/^WAVE/i, 'wave'],
  [/^(MOMO|MTN)/i, 'mtn_momo'],
  [/^(FLOOZ|MOOV)/i, 'moov_money'],
];

/** Our method for what the provider says; anything that is not a known wallet was paid by card. */
export function onlineMethodOf(reported: string | undefined): PaymentMethod {
  if (reported && (PAYMENT_METHODS as readonly string[]).includes(reported)) return reported as PaymentMethod;
  return PROVIDER_METHODS.find(([pattern]) => pattern.test(reported ?? ''))?.[1] ?? 'card';
}

/**
 * Money the provider collected for an order, inside the payment's settling transaction. It is
 * recorded whatever the order's state now (cancelled, or already paid through another link): the
 * shop has the money, so the balance and the order must show it, and a refund can follow.
 */
async function applyOnlineOrderPayment(
  tx: Executor,
  payment: { id: string; shopId: string; orderId: string; amount: number; providerReference: string | null },
  reported: { method?: string; providerReference?: string },
) {
  const order = await lockOrder(tx, payment.shopId, payment.orderId);
  if (!order) return null;
  const method = onlineMethodOf(reported.method);
  const owed = Math.max(0, order.total - order.paidAmount);
  if (payment.amount > owed || order.fulfilmentStatus === 'cancelled')
    getLogger().warn(
      { paymentId: payment.id, orderId: order.id, owed },
      'online payment received for an order that no longer owes it',
    );
  const updated = await recordPayment(tx, order, null, {
    method,
    amount: payment.amount,
    // The operator's reference when the provider gives one (the sandbox has none).
    reference: reported.providerReference ?? payment.providerReference ?? undefined,
    isOnline: true,
  });
  return { order: updated, method };
}

/** After the commit: the shop learns of the money at once (bell, socket, push). */
async function announceOnlineOrderPayment(
  db: Executor,
  settled: { order: { id: string; shopId: string; number: number }; method: PaymentMethod },
  amount: number,
  currency: string,
): Promise<void> {
  await createNotification(db, settled.order.shopId, {
    type: 'shop',
    link: `/mes-commandes/${settled.order.id}`,
    capability: 'orders:view-all',
    title: 'Paiement en ligne reçu',
    description: `Commande #${settled.order.number} : ${formatMoney(amount, currency)} payés par ${PAYMENT_METHOD_LABELS[settled.method]}. Le montant est crédité sur votre solde.`,
  });
}

/** Money a shop's customer paid through the order's public link (« Lien de paiement »). */
export const orderLinkSettlement: SettlementHandler = {
  async applySuccess(tx, payment, status) {
    if (!payment.orderId) return null;
    const settled = await applyOnlineOrderPayment(tx, { ...payment, orderId: payment.orderId }, status);
    if (!settled) return null;
    return (db) => announceOnlineOrderPayment(db, settled, payment.amount, payment.currency);
  },
  async returnLocation(db, payment, message) {
    // Back on the order's payment page; a link gone since (it never is) falls back to the home page.
    const link = payment.orderId ? await paymentLinkOf(db, payment.orderId) : null;
    const location = link ?? '/';
    return message ? `${location}?message=${message}` : location;
  },
};
