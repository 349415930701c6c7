import type { Database } from '@/server/db';
import { publicUrl } from '@/server/env';
import { AppError, Errors } from '@/server/http/errors';
import { getLogger } from '@/server/logger';
import {
  BILLING_CURRENCY,
  PLANS,
  periodLabel,
  subscriptionPrice,
  type BillingPeriod,
  type PaidPlanId,
} from '@/shared/plans';
import type { MembershipRow } from '@/features/agent/server/agent.repository';
import type { UserRow } from '@/features/user/server/user.repository';
import {
  findPaymentByIdempotencyKey,
  insertPayment,
  insertPaymentUnlessKeyTaken,
  updatePayment,
} from './payment.repository';
import { paymentProvider } from './payment-gateway';

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

/**
 * « Payer »: records a pending payment for the plan and period, then asks the provider for a
 * checkout page. The price is computed here, never taken from the browser.
 */
export async function startCheckout(
  db: Database,
  membership: MembershipRow,
  user: UserRow,
  input: { plan: PaidPlanId; months: BillingPeriod; idempotencyKey?: string },
): Promise<{ paymentId: string; redirectUrl: string }> {
  const shop = membership.shop;
  const key = input.idempotencyKey;
  const provider = paymentProvider(db);
  const values = {
    shopId: shop.id,
    plan: input.plan,
    months: input.months,
    amount: subscriptionPrice(input.plan, input.months),
    currency: BILLING_CURRENCY,
    provider: provider.id,
    idempotencyKey: key ?? null,
    createdByUserId: user.id,
  };
  const payment = key ? await insertPaymentUnlessKeyTaken(db, values) : await insertPayment(db, values);
  if (!payment) return earlierCheckout(db, shop.id, key!);
  try {
    const session = await provider.createCheckout({
      paymentId: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      description: `Abonnement ${PLANS[input.plan].label} ${periodLabel(input.months)} - ${shop.name}`,
      customer: {
        phone: membership.agent.phone,
        firstName: membership.agent.firstName,
        lastName: membership.agent.lastName,
        email: membership.agent.email,
      },
      returnUrl: paymentReturnUrl(payment.id),
      notifyUrl: `${publicUrl()}/api/payment/webhook/${provider.id}`,
    });
    await updatePayment(db, payment.id, {
      checkoutUrl: session.redirectUrl,
      providerReference: session.providerReference ?? null,
    });
    return { paymentId: payment.id, redirectUrl: session.redirectUrl };
  } catch (error) {
    getLogger().error({ err: error, paymentId: payment.id }, 'checkout creation failed');
    // The key is released: retrying the same « Payer » after this error starts a new attempt.
    await updatePayment(db, payment.id, { status: 'failed', settledAt: new Date(), idempotencyKey: null });
    throw new AppError(
      'PAYMENT_PROVIDER_ERROR',
      502,
      "Le service de paiement n'a pas répondu. Réessayez dans quelques instants.",
    );
  }
}
