import type { Executor } from '@/server/db';
import { QUEUE_CAP, orderQueue } from '@/features/order/server/order-figures';
import { countLowStockProducts } from '@/features/product/server/list-products';
import { todaysDiscrepancies } from '@/features/delivery/server/ledger';
import type { THomeSummary } from '../home.schemas';

/**
 * Accueil: today's sales and the to-do queue, from the order and product modules, and the riders
 * whose day closed owing cash, from Livraison. A cashier's figures are their own sales.
 */
export async function homeSummary(
  db: Executor,
  shop: { id: string; timeZone: string; currency: string },
  onlyCreatedBy: string | null,
  options: { withDeliveryCash: boolean },
  now: Date = new Date(),
): Promise<THomeSummary> {
  const [queue, lowStock, cashDiscrepancies] = await Promise.all([
    orderQueue(db, shop, onlyCreatedBy, now),
    countLowStockProducts(db, shop.id),
    options.withDeliveryCash ? todaysDiscrepancies(db, shop) : [],
  ]);
  return {
    today: { salesAmount: queue.salesAmount, ordersCount: queue.ordersCount },
    todo: { toConfirm: queue.toConfirm, toPrepare: queue.toPrepare, unpaid: queue.unpaid, lowStock },
    cap: QUEUE_CAP,
    cashDiscrepancies,
  };
}
