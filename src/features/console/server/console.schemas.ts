import { ZId, z } from '@/shared/validation';
import { PLAN_IDS } from '@/shared/plans';

const ZDate = z.iso.datetime({ offset: true }).nullable();

export const ZListShopsQuery = z.object({
  search: z.string().trim().max(80).optional(),
  /** The cursor handed back as `nextCursor` by the previous page. */
  after: z.string().trim().max(120).optional(),
});

export const ZConsoleShop = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  isBlocked: z.boolean(),
  subscriptionPlan: z.string(),
  effectivePlan: z.string(),
  shopExpiresAt: z.string().nullable(),
  freeTrialExpiresAt: z.string().nullable(),
  country: z.string(),
  currency: z.string(),
  createdAt: z.string(),
  owner: z.object({ phone: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }),
  activeAgents: z.number().int(),
});
export type TConsoleShop = z.infer<typeof ZConsoleShop>;

export const ZConsoleShopPage = z.object({ items: z.array(ZConsoleShop), nextCursor: z.string().nullable() });

export const ZSetShopBlockedBody = z.object({ shopId: ZId, isBlocked: z.boolean() });

export const ZUpdateShopSubscriptionBody = z.object({
  shopId: ZId,
  subscriptionPlan: z.enum(PLAN_IDS),
  shopExpiresAt: ZDate,
  freeTrialExpiresAt: ZDate,
});
