import type { Executor } from '@/server/db';
import { getDb } from '@/server/db';
import type { PaymentProvider } from './providers/payment-provider';
import { createPaymentProvider } from './providers/payment-providers';
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
