import { and, count, eq, gte } from 'drizzle-orm';
import type { Executor } from '../db';
import { smsMessages } from '../db/schema';
import { countActiveAgents } from '@/features/agent/server/agent.repository';
import { PLANS, effectivePlan, type PlanQuotas } from '@/shared/plans';

export type { PlanQuotas };
import { dayjs } from '@/shared/dates';
import type { ShopRow } from '@/features/shop/server/shop.repository';

export function startOfMonthInShopZone(shop: Pick<ShopRow, 'timeZone'>, now: Date = new Date()): Date {
  return dayjs(now).tz(shop.timeZone).startOf('month').toDate();
}

/**
 * planQuotas (SPEC §3). The "current" figures are counted from the data, never stored, so they
 * cannot drift. The catalogue and order tables arrive with their modules, which add their counts
 * here; until then a shop has no products and no orders, and 0 is the true figure.
 */
export async function computePlanQuotas(
  db: Executor,
  shop: ShopRow,
  now: Date = new Date(),
): Promise<PlanQuotas> {
  const plan = PLANS[effectivePlan(shop, now)];
  const [agentsCount, [sms]] = await Promise.all([
    countActiveAgents(db, shop.id),
    db
      .select({ n: count() })
      .from(smsMessages)
      .where(
        and(eq(smsMessages.shopId, shop.id), gte(smsMessages.createdAt, startOfMonthInShopZone(shop, now))),
      ),
  ]);
  return {
    maxSmsQuota: plan.maxSmsPerMonth,
    currentSmsQuota: Number(sms?.n ?? 0),
    maxNumberOfAuthorizedAgents: plan.maxAgents,
    currentNumberOfAuthorizedAgents: agentsCount,
    maxNumberOfAuthorizedProducts: plan.maxProducts,
    currentNumberOfAuthorizedProducts: 0,
    maxNumberOfOrders: plan.maxOrdersPerMonth,
    currentNumberOfOrders: 0,
  };
}
