import { and, asc, count, eq } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { orderViews, orders } from '@/server/db/schema/order';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import type { TOrderFilters } from '../order.schemas';
import { addOrderEvent, lockOrder } from './order.repository';

/** An internal note: it lives in the timeline, with who wrote it and when. */
export async function addOrderNote(
  db: Database,
  shopId: string,
  userId: string,
  orderId: string,
  note: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, shopId, orderId);
    if (!order) throw Errors.notFound('La commande');
    await addOrderEvent(tx, order, userId, 'note', { note });
    await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, order.id));
  });
}

export const MAX_SAVED_VIEWS = 20;

export async function findOrderViews(db: Executor, shopId: string, userId: string) {
  return db
    .select()
    .from(orderViews)
    .where(and(eq(orderViews.shopId, shopId), eq(orderViews.userId, userId)))
    .orderBy(asc(orderViews.id));
}

export async function saveOrderView(
  db: Executor,
  shopId: string,
  userId: string,
  view: { name: string; filters: TOrderFilters },
) {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(orderViews)
    .where(and(eq(orderViews.shopId, shopId), eq(orderViews.userId, userId)));
  if (Number(n) >= MAX_SAVED_VIEWS)
    throw Errors.validation({
      name: `Vous avez déjà ${MAX_SAVED_VIEWS} vues enregistrées : supprimez-en une.`,
    });
  const [row] = await db
    .insert(orderViews)
    .values({ id: newId(), shopId, userId, name: view.name, filters: view.filters })
    .returning();
  return row!;
}

export async function deleteOrderView(db: Executor, shopId: string, userId: string, viewId: string) {
  const deleted = await db
    .delete(orderViews)
    .where(and(eq(orderViews.shopId, shopId), eq(orderViews.userId, userId), eq(orderViews.id, viewId)))
    .returning({ id: orderViews.id });
  if (deleted.length === 0) throw Errors.notFound('La vue');
}
