import type { Executor } from '@/server/db';
import { getLogger } from '@/server/logger';
import { formatMoney } from '@/shared/money';
import { createNotification } from '@/features/notification/server/create-notification';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../order.schemas';
import { lockOrder } from './order.repository';
import { recordPayment } from './order-payments';

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

export interface OnlineOrderPayment {
  id: string;
  shopId: string;
  orderId: string;
  amount: number;
  providerReference: string | null;
}

/**
 * Money the provider collected for an order, inside the payment's settling transaction. It is
 * recorded whatever the order's state now (cancelled, or already paid through another link): the
 * shop has the money, so the balance and the order must show it, and a refund can follow.
 */
export async function applyOnlineOrderPayment(
  tx: Executor,
  payment: OnlineOrderPayment,
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
export async function announceOnlineOrderPayment(
  db: Executor,
  settled: { order: { shopId: string; number: number }; method: PaymentMethod },
  amount: number,
  currency: string,
): Promise<void> {
  await createNotification(db, settled.order.shopId, {
    type: 'shop',
    title: 'Paiement en ligne reçu',
    description: `Commande #${settled.order.number} : ${formatMoney(amount, currency)} payés par ${PAYMENT_METHOD_LABELS[settled.method]}. Le montant est crédité sur votre solde.`,
  });
}
