import { and, desc, eq, inArray } from 'drizzle-orm';
import { runPrepared, type Executor } from '@/server/db';
import { notifications } from '@/server/db/schema';
import { newId } from '@/server/ids';

export type NotificationRow = typeof notifications.$inferSelect;

export async function findNotificationsOfShop(
  db: Executor,
  shopId: string,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.shopId, shopId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function findNotificationIdsInShop(
  db: Executor,
  shopId: string,
  ids: string[],
): Promise<string[]> {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.shopId, shopId), inArray(notifications.id, ids)));
  return rows.map((r) => r.id);
}

export async function markNotificationsRead(db: Executor, shopId: string, ids: string[]): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(eq(notifications.shopId, shopId), inArray(notifications.id, ids), eq(notifications.isRead, false)),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function insertNotification(
  db: Executor,
  values: Pick<NotificationRow, 'shopId' | 'type' | 'title' | 'description'> & {
    createdAt?: Date;
    isRead?: boolean;
  },
): Promise<NotificationRow> {
  // Every new order writes one: kept prepared (see runPrepared).
  const [row] = await runPrepared(
    db
      .insert(notifications)
      .values({ id: newId(), ...values })
      .returning(),
  );
  return row!;
}
