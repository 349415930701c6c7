import { and, count, eq, gte, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { orders } from '@/server/db/schema/order';
import { products } from '@/server/db/schema/product';
import { dayjs } from '@/shared/dates';
import type { THomeSummary } from '../home.schemas';

const QUEUE_CAP = 999;

async function cappedCount(db: Executor, where: SQL[]): Promise<number> {
  const inner = db
    .select({ one: sql`1` })
    .from(orders)
    .where(and(...where))
    .limit(QUEUE_CAP + 1)
    .as('todo');
  const [row] = await db.select({ n: sql<string>`count(*)::text` }).from(inner);
  return Math.min(Number(row?.n ?? 0), QUEUE_CAP + 1);
}

/**
 * Accueil: today's sales (in the shop's day, cancelled and returned orders left out) and the
 * to-do queue. A cashier's figures are their own sales.
 */
export async function homeSummary(
  db: Executor,
  shop: { id: string; timeZone: string },
  onlyCreatedBy: string | null,
  now: Date = new Date(),
): Promise<THomeSummary> {
  const scope: SQL[] = [eq(orders.shopId, shop.id)];
  if (onlyCreatedBy) scope.push(eq(orders.createdByUserId, onlyCreatedBy));
  const startOfDay = dayjs(now).tz(shop.timeZone).startOf('day').toDate();
  const [[today], toConfirm, toPrepare, unpaid, [lowStock]] = await Promise.all([
    db
      .select({
        amount: sql<string>`coalesce(sum(${orders.total} - ${orders.refundedAmount}), 0)::text`,
        n: count(),
      })
      .from(orders)
      .where(
        and(
          ...scope,
          gte(orders.createdAt, startOfDay),
          notInArray(orders.fulfilmentStatus, ['cancelled', 'returned']),
        ),
      ),
    cappedCount(db, [...scope, eq(orders.fulfilmentStatus, 'new')]),
    cappedCount(db, [...scope, inArray(orders.fulfilmentStatus, ['confirmed', 'preparing'])]),
    cappedCount(db, [
      ...scope,
      inArray(orders.paymentStatus, ['pending', 'partially_paid']),
      notInArray(orders.fulfilmentStatus, ['cancelled', 'returned']),
    ]),
    db
      .select({ n: count() })
      .from(products)
      .where(
        and(
          eq(products.shopId, shop.id),
          eq(products.trackStock, true),
          sql`${products.status} <> 'archived'`,
          sql`${products.stockTotal} <= ${products.lowStockThreshold}`,
        ),
      ),
  ]);
  return {
    today: { salesAmount: Number(today?.amount ?? 0), ordersCount: Number(today?.n ?? 0) },
    todo: { toConfirm, toPrepare, unpaid, lowStock: Number(lowStock?.n ?? 0) },
    cap: QUEUE_CAP,
  };
}
