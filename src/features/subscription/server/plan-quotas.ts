import type { Executor } from '@/server/db';
import { Errors } from '@/server/http/errors';
import { smsSentThisMonth } from '@/server/sms/sms-log';
import { PLANS, effectivePlan, type PlanQuotas } from '@/shared/plans';
import { countActiveAgents } from '@/features/agent/server/agent.repository';
import { ordersThisMonth, quotaMonthOf } from '@/features/order/server/order.repository';
import { countProductsOfShop } from '@/features/product/server/product.repository';
import type { ShopRow } from '@/features/shop/server/shop.repository';

export type { PlanQuotas };

/**
 * planQuotas (SPEC §3). Agents, products and SMS are counted from the data; this month's orders
 * come from the counter that order creation moves under its lock, so the figure the quota refuses
 * on and the one shown are the same.
 */
export async function computePlanQuotas(
  db: Executor,
  shop: ShopRow,
  now: Date = new Date(),
): Promise<PlanQuotas> {
  const plan = PLANS[effectivePlan(shop, now)];
  const [agentsCount, productsCount, ordersCount, smsCount] = await Promise.all([
    countActiveAgents(db, shop.id),
    countProductsOfShop(db, shop.id),
    ordersThisMonth(db, shop.id, quotaMonthOf(shop.timeZone, now)),
    smsSentThisMonth(db, shop, now),
  ]);
  return {
    maxSmsQuota: plan.maxSmsPerMonth,
    currentSmsQuota: smsCount,
    maxNumberOfAuthorizedAgents: plan.maxAgents,
    currentNumberOfAuthorizedAgents: agentsCount,
    maxNumberOfAuthorizedProducts: plan.maxProducts,
    currentNumberOfAuthorizedProducts: productsCount,
    maxNumberOfOrders: plan.maxOrdersPerMonth,
    currentNumberOfOrders: ordersCount,
  };
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('fr-FR')} ${word}${n > 1 ? 's' : ''}`;
}

/**
 * Refuses one more active agent past the plan's limit. Call with the shop row locked
 * (lockShop) so two concurrent invitations cannot both take the last seat.
 */
export async function assertCanAddAgent(db: Executor, shop: ShopRow, now: Date = new Date()): Promise<void> {
  const plan = PLANS[effectivePlan(shop, now)];
  if (plan.maxAgents === 'infinity') return;
  if ((await countActiveAgents(db, shop.id)) < plan.maxAgents) return;
  throw Errors.quotaExceeded(
    `Votre forfait ${plan.label} autorise ${plural(plan.maxAgents, 'agent')} au maximum. Passez à un forfait supérieur pour en ajouter.`,
  );
}

/** Refuses `adding` more products past the plan's limit; call with the shop row locked. */
export async function assertCanAddProducts(
  db: Executor,
  shop: ShopRow,
  adding: number,
  now: Date = new Date(),
): Promise<void> {
  const plan = PLANS[effectivePlan(shop, now)];
  if (plan.maxProducts === 'infinity') return;
  const current = await countProductsOfShop(db, shop.id);
  if (current + adding <= plan.maxProducts) return;
  const room = Math.max(0, plan.maxProducts - current);
  throw Errors.quotaExceeded(
    `Votre forfait ${plan.label} autorise ${plural(plan.maxProducts, 'produit')} au maximum${
      adding > 1 ? ` : il reste de la place pour ${plural(room, 'produit')}` : ''
    }. Passez à un forfait supérieur pour en ajouter.`,
  );
}
