import type { Executor } from '@/server/db';
import { computePlanQuotas } from '@/features/subscription/server/plan-quotas';
import type { ShopRow } from './shop.repository';
import type { TShop } from './shop.schemas';

export async function toShopDto(db: Executor, shop: ShopRow): Promise<TShop> {
  return {
    _id: shop.id,
    name: shop.name,
    slug: shop.slug,
    sellerId: { _id: shop.sellerId },
    isBlocked: shop.isBlocked,
    subscriptionPlan: shop.subscriptionPlan,
    shopExpiresAt: shop.shopExpiresAt?.toISOString() ?? null,
    freeTrialExpiresAt: shop.freeTrialExpiresAt?.toISOString() ?? null,
    planQuotas: await computePlanQuotas(db, shop),
    currency: shop.currency,
    timeZone: shop.timeZone,
    country: shop.country,
    logoUrl: shop.logoUrl,
    address: shop.address,
    receiptFooter: shop.receiptFooter,
    taxId: shop.taxId,
    tradeRegister: shop.tradeRegister,
    phone: shop.phone,
    createdAt: shop.createdAt.toISOString(),
  };
}
