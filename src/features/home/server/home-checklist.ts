import type { Executor } from '@/server/db';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { isChecklistDismissed, isShopCustomised } from '@/features/shop/server/shop-checklist';
import { countProductsOfShop } from '@/features/product/server/product.repository';
import { hasOpenedCashSession } from '@/features/pos/server/sessions';
import { hasOtherAgents } from '@/features/agent/server/agent.repository';
import { hasDeliveryZones } from '@/features/delivery/server';
import type { THomeChecklist } from '../home.schemas';

/**
 * « Pour bien démarrer » from the modules that own each fact: a product (product), a cash session
 * opened once (pos), someone invited besides the owner (agent), a logo, address or phone (shop), a
 * delivery zone with its fee (delivery).
 */
export async function homeChecklist(db: Executor, shop: ShopRow): Promise<THomeChecklist> {
  const [productCount, hasOpenedTill, hasTeam, hasZones] = await Promise.all([
    countProductsOfShop(db, shop.id),
    hasOpenedCashSession(db, shop.id),
    hasOtherAgents(db, shop.id, shop.sellerId),
    hasDeliveryZones(db, shop.id),
  ]);
  return {
    steps: {
      products: productCount > 0,
      till: hasOpenedTill,
      team: hasTeam,
      shop: isShopCustomised(shop),
      delivery: hasZones,
    },
    isDismissed: isChecklistDismissed(shop),
  };
}
