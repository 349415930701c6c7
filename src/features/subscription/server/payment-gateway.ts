import type { Executor } from '@/server/db';
import { getDb } from '@/server/db';
import type { PaymentProvider } from '@/server/payments/payment-provider';
import { createPaymentProvider } from '@/server/payments/payment-providers';
import { getPayment } from './payment.repository';

/** The configured provider, wired to where the sandbox keeps the payer's choice. */
export function paymentProvider(db: Executor = getDb()): PaymentProvider {
  return createPaymentProvider({
    readSandboxOutcome: async (paymentId) => {
      const payment = await getPayment(db, paymentId);
      const outcome = payment?.reportedOutcome;
      return {
        outcome: outcome === 'succeeded' || outcome === 'failed' ? outcome : 'pending',
        method: payment?.reportedMethod ?? undefined,
      };
    },
  });
}
