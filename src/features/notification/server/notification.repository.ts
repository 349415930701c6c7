import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { runPrepared, type Executor } from '@/server/db';
import { notifications } from '@/server/db/schema/notification';
import { newId } from '@/server/ids';
import { shopPushTokens } from '@/server/push/push-to-shop';

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
  return (await insertNotificationForPush(db, values)).notification;
}

/**
 * The notification stored, and the shop's push devices read in the same statement (the push that
 * follows needs no round trip of its own). Every new order writes one: kept prepared (see runPrepared).
 */
export async function insertNotificationForPush(
  db: Executor,
  values: Parameters<typeof insertNotification>[1],
): Promise<{ notification: NotificationRow; pushTokens: string[] }> {
  const devices = shopPushTokens(db, values.shopId).as('devices');
  const [row] = await runPrepared(
    db
      .insert(notifications)
      .values({ id: newId(), ...values })
      .returning({
        ...getTableColumns(notifications),
        pushTokens: sql<string[]>`(select coalesce(array_agg(${devices.token}), '{}') from ${devices})`,
      }),
  );
  const { pushTokens, ...notification } = row!;
  return { notification, pushTokens };
}
