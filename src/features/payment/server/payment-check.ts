import { getDb } from '@/server/db';
import { defineJob } from '@/server/jobs/job';
import { getPayment } from './payment.repository';
import { paymentProvider } from './payment-gateway';
import { settlePayment } from './settle-payment';

/**
 * When a pending payment is asked about again, counted from its checkout: a webhook that never
 * comes (the provider's, or ours down at that moment) does not leave a paid order unpaid. After the
 * last check the payment is left to its webhook.
 */
export const PAYMENT_CHECK_DELAYS_SECONDS = [120, 600, 1_800, 7_200, 21_600, 86_400];

/**
 * Asks the provider for a pending payment's status and applies it (settlePayment applies a payment
 * once, so racing its webhook or the payer's return is safe); still pending, the next check is
 * queued. A provider that does not answer makes the job retry.
 */
export const paymentCheckJob = defineJob<{ paymentId: string; round: number }>({
  name: 'payment.check',
  label: 'Vérification de paiement',
  retryLimit: 4,
  retryDelaySeconds: 60,
  expireInSeconds: 60,
  async run({ paymentId, round }) {
    const db = getDb();
    const payment = await getPayment(db, paymentId);
    if (payment?.status !== 'pending') return;
    const settled = await settlePayment(db, await paymentProvider(db).fetchStatus(paymentId));
    const next = round + 1;
    if (settled?.status === 'pending' && next < PAYMENT_CHECK_DELAYS_SECONDS.length)
      await paymentCheckJob.enqueue(
        { paymentId, round: next },
        { startAfterSeconds: PAYMENT_CHECK_DELAYS_SECONDS[next]! - PAYMENT_CHECK_DELAYS_SECONDS[round]! },
      );
  },
});

/** The first check of a checkout just created. */
export function schedulePaymentChecks(paymentId: string): Promise<string | null> {
  return paymentCheckJob.enqueue(
    { paymentId, round: 0 },
    { startAfterSeconds: PAYMENT_CHECK_DELAYS_SECONDS[0] },
  );
}
