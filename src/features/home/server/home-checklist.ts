import type { Executor } from '@/server/db';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { isChecklistDismissed, isShopCustomised } from '@/features/shop/server/shop-checklist';
import { countProductsOfShop } from '@/features/product/server/product.repository';
import { hasOpenedCashSession } from '@/features/pos/server/sessions';
import { hasOtherAgents } from '@/features/agent/server/agent.repository';
import type { THomeChecklist } from '../home.schemas';

/**
 * « Pour bien démarrer » from the modules that own each fact: a product (product), a cash session
 * opened once (pos), someone invited besides the owner (agent), a logo, address or phone (shop).
 *
 * Delivery: no module keeps delivery settings yet (Livraison is its own issue; its menu entry leads
 * to « Page introuvable »), so the step links there and is never ticked: a tick from anything else
 * (a fee typed on one order) would claim a set-up that does not exist. When Livraison stores zones
 * or a fee, its exported check goes here.
 */
export async function homeChecklist(db: Executor, shop: ShopRow): Promise<THomeChecklist> {
  const [productCount, hasOpenedTill, hasTeam] = await Promise.all([
    countProductsOfShop(db, shop.id),
    hasOpenedCashSession(db, shop.id),
    hasOtherAgents(db, shop.id, shop.sellerId),
  ]);
  return {
    steps: {
      products: productCount > 0,
      till: hasOpenedTill,
      team: hasTeam,
      shop: isShopCustomised(shop),
      delivery: false,
    },
    isDismissed: isChecklistDismissed(shop),
  };
}
