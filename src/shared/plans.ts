/** PRODUCT.md plans. `infinity` is kept as the string the API exposes (SPEC §3). */
export const PLAN_IDS = ['free', 'starter', 'pro', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type Limit = number | 'infinity';

export interface PlanDefinition {
  id: PlanId;
  label: string;
  monthlyPrice: number; // XOF, no minor unit
  maxProducts: Limit;
  maxAgents: Limit;
  maxOrdersPerMonth: Limit;
  maxSmsPerMonth: Limit;
}

export const PLANS: Record<PlanId, PlanDefinition> = {
  free: {
    id: 'free',
    label: 'Gratuit',
    monthlyPrice: 0,
    maxProducts: 50,
    maxAgents: 1,
    maxOrdersPerMonth: 100,
    maxSmsPerMonth: 0,
  },
  starter: {
    id: 'starter',
    label: 'Starter',
    monthlyPrice: 5000,
    maxProducts: 500,
    maxAgents: 3,
    maxOrdersPerMonth: 1000,
    maxSmsPerMonth: 100,
  },
  pro: {
    id: 'pro',
    label: 'Pro',
    monthlyPrice: 15000,
    maxProducts: 5000,
    maxAgents: 10,
    maxOrdersPerMonth: 'infinity',
    maxSmsPerMonth: 500,
  },
  business: {
    id: 'business',
    label: 'Business',
    monthlyPrice: 40000,
    maxProducts: 'infinity',
    maxAgents: 50,
    maxOrdersPerMonth: 'infinity',
    maxSmsPerMonth: 2000,
  },
};

/** SPEC §3 planQuotas, as the API answers them. */
export interface PlanQuotas {
  maxSmsQuota: Limit;
  currentSmsQuota: number;
  maxNumberOfAuthorizedAgents: Limit;
  currentNumberOfAuthorizedAgents: number;
  maxNumberOfAuthorizedProducts: Limit;
  currentNumberOfAuthorizedProducts: number;
  maxNumberOfOrders: Limit;
  currentNumberOfOrders: number;
}

export const FREE_TRIAL_DAYS = 14;
/** A trial runs with the quotas of this plan (PRODUCT.md). */
export const TRIAL_PLAN: PlanId = 'pro';

/**
 * The plan whose quotas apply now: a paid period in force wins, then the trial, else `free`.
 * The shop keeps its nominal plan in `subscriptionPlan`; only the quotas fall back.
 */
export function effectivePlan(
  shop: { subscriptionPlan: string; shopExpiresAt: Date | null; freeTrialExpiresAt: Date | null },
  now: Date = new Date(),
): PlanId {
  const plan = (PLAN_IDS as readonly string[]).includes(shop.subscriptionPlan)
    ? (shop.subscriptionPlan as PlanId)
    : 'free';
  if (plan !== 'free' && shop.shopExpiresAt && shop.shopExpiresAt > now) return plan;
  if (shop.freeTrialExpiresAt && shop.freeTrialExpiresAt > now) return TRIAL_PLAN;
  return 'free';
}

export const PAID_PLAN_IDS = ['starter', 'pro', 'business'] as const satisfies readonly PlanId[];
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];
export const BILLING_PERIODS = [1, 3, 12] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
/** The subscription is always billed in FCFA (BCEAO), whatever currency the shop sells in. */
export const BILLING_CURRENCY = 'XOF';

/** A year is paid as ten months: two months free, the usual reward for committing. */
export function subscriptionPrice(plan: PaidPlanId, months: BillingPeriod): number {
  const billedMonths = months === 12 ? 10 : months;
  return PLANS[plan].monthlyPrice * billedMonths;
}

export function periodLabel(months: BillingPeriod): string {
  return months === 1 ? '1 mois' : `${months} mois`;
}
