import type { Database } from '@/server/db';
import { publicUrl } from '@/server/env';
import { AppError, Errors } from '@/server/http/errors';
import { getLogger } from '@/server/logger';
import type { CheckoutRequest } from './providers/payment-provider';
import {
  findPaymentByIdempotencyKey,
  insertPayment,
  insertPaymentUnlessKeyTaken,
  updatePayment,
  type NewPayment,
} from './payment.repository';
import { paymentProvider } from './payment-gateway';
import { toProviderAmount } from './provider-amount';
import { schedulePaymentChecks } from './payment-check';
import type { PaymentPurpose } from './settlements';

export function paymentReturnUrl(paymentId: string): string {
  return `${publicUrl()}/api/payment/return/${paymentId}`;
}

/** Longer than a provider's own time-out, so a concurrent request outlives the first one's call. */
const EARLIER_CHECKOUT_WAIT_MS = 20_000;

/**
 * The answer given under an idempotency key. A concurrent request with the same key (a double click)
 * may still be asking the provider for its page: wait for it rather than create a second payment.
 */
async function earlierCheckout(
  db: Database,
  shopId: string,
  key: string,
): Promise<{ paymentId: string; redirectUrl: string }> {
  const deadline = Date.now() + EARLIER_CHECKOUT_WAIT_MS;
  for (;;) {
    const earlier = await findPaymentByIdempotencyKey(db, shopId, key);
    if (earlier?.checkoutUrl) return { paymentId: earlier.id, redirectUrl: earlier.checkoutUrl };
    if (!earlier || earlier.status !== 'pending' || Date.now() > deadline)
      throw Errors.conflict('Ce paiement est déjà en cours de création. Réessayez dans un instant.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface CheckoutInput
  extends
    Pick<CheckoutRequest, 'description' | 'customer' | 'payer'>,
    Pick<NewPayment, 'shopId' | 'amount' | 'currency' | 'createdByUserId' | 'plan' | 'months' | 'orderId'> {
  purpose: PaymentPurpose;
  idempotencyKey?: string;
}

/**
 * Records a pending payment for its purpose, then asks the provider for a checkout page (the amount
 * is the caller's, computed on the server, never taken from the browser). Under an idempotency key,
 * a second request answers the first one's page. When the provider fails, the payment is failed
 * and its key released, so the same « Payer » may be tried again.
 */
export async function startCheckout(
  db: Database,
  input: CheckoutInput,
): Promise<{ paymentId: string; redirectUrl: string }> {
  const { description, customer, payer, idempotencyKey: key, ...row } = input;
  const provider = paymentProvider(db);
  const values: NewPayment = { ...row, provider: provider.id, idempotencyKey: key ?? null };
  const payment = key ? await insertPaymentUnlessKeyTaken(db, values) : await insertPayment(db, values);
  if (!payment) return earlierCheckout(db, input.shopId, key!);
  let redirectUrl: string;
  try {
    const session = await provider.createCheckout({
      paymentId: payment.id,
      amount: toProviderAmount(payment.amount, payment.currency),
      currency: payment.currency,
      description,
      customer,
      payer,
      returnUrl: paymentReturnUrl(payment.id),
      notifyUrl: `${publicUrl()}/api/payment/webhook/${provider.id}`,
    });
    await updatePayment(db, payment.id, {
      checkoutUrl: session.redirectUrl,
      providerReference: session.providerReference ?? null,
    });
    redirectUrl = session.redirectUrl;
  } catch (error) {
    getLogger().error(
      { err: error, paymentId: payment.id, purpose: input.purpose },
      'checkout creation failed',
    );
    await updatePayment(db, payment.id, { status: 'failed', settledAt: new Date(), idempotencyKey: null });
    throw new AppError(
      'PAYMENT_PROVIDER_ERROR',
      502,
      'Le service de paiement n’a pas répondu. Réessayez dans quelques instants.',
    );
  }
  // Not inside the try: the page exists, so a queue that refuses must not fail the payment.
  await schedulePaymentChecks(payment.id).catch((error: unknown) =>
    getLogger().warn({ err: error, paymentId: payment.id }, 'payment checks not queued'),
  );
  return { paymentId: payment.id, redirectUrl };
}
