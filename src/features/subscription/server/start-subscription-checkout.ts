import type { Database } from '@/server/db';
import {
  BILLING_CURRENCY,
  PLANS,
  periodLabel,
  subscriptionPrice,
  type BillingPeriod,
  type PaidPlanId,
} from '@/shared/plans';
import type { MembershipRow } from '@/server/tenancy/membership';
import type { UserRow } from '@/features/user/server/user.repository';
import { startCheckout } from '@/features/payment/server/start-checkout';

/**
 * « Payer »: a subscription payment for the plan and period, priced here (never by the browser),
 * then the provider's checkout page (src/features/payment).
 */
export async function startSubscriptionCheckout(
  db: Database,
  membership: MembershipRow,
  user: UserRow,
  input: { plan: PaidPlanId; months: BillingPeriod; idempotencyKey?: string },
): Promise<{ paymentId: string; redirectUrl: string }> {
  const shop = membership.shop;
  return startCheckout(db, {
    purpose: 'subscription',
    shopId: shop.id,
    plan: input.plan,
    months: input.months,
    amount: subscriptionPrice(input.plan, input.months),
    currency: BILLING_CURRENCY,
    createdByUserId: user.id,
    idempotencyKey: input.idempotencyKey,
    description: `Abonnement ${PLANS[input.plan].label} ${periodLabel(input.months)} - ${shop.name}`,
    customer: {
      phone: membership.agent.phone,
      firstName: membership.agent.firstName,
      lastName: membership.agent.lastName,
      email: membership.agent.email,
    },
  });
}
