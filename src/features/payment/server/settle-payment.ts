import type { Database } from '@/server/db';
import { getLogger } from '@/server/logger';
import type { PaymentStatus } from './providers/payment-provider';
import { lockPayment, updatePayment } from './payment.repository';
import { toProviderAmount } from './provider-amount';
import { settlementOf, type AfterSettlement } from './settlements';

/**
 * Applies what the provider says about a payment, once: the payment row is locked and a settled
 * payment is never settled again, so the webhook and the payer's return may race safely. A success
 * is applied by its purpose's handler in the same transaction; what it tells the shop follows the
 * commit. An amount other than ours fails the payment (and is logged).
 */
export async function settlePayment(db: Database, status: PaymentStatus, now: Date = new Date()) {
  const result = await db.transaction(async (tx) => {
    const payment = await lockPayment(tx, status.paymentId);
    if (!payment) return null;
    if (payment.status !== 'pending' || status.outcome === 'pending')
      return { payment, after: null as AfterSettlement };

    const amountMatches =
      status.amount === undefined ||
      (status.amount === toProviderAmount(payment.amount, payment.currency) &&
        (status.currency ?? payment.currency) === payment.currency);
    if (status.outcome === 'failed' || !amountMatches) {
      if (!amountMatches)
        getLogger().error({ paymentId: payment.id, reported: status }, 'paid amount differs from the price');
      await updatePayment(tx, payment.id, { status: 'failed', settledAt: now });
      return { payment: { ...payment, status: 'failed' }, after: null };
    }

    const after = await settlementOf(payment.purpose).applySuccess(tx, payment, status, now);
    await updatePayment(tx, payment.id, {
      status: 'succeeded',
      settledAt: now,
      providerReference: status.providerReference ?? payment.providerReference,
    });
    return { payment: { ...payment, status: 'succeeded' }, after };
  });
  if (result?.after) await result.after(db);
  return result?.payment ?? null;
}
