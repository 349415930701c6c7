import { and, desc, eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import { runPrepared, type Executor } from '@/server/db';
import { notifications } from '@/server/db/schema/notification';
import { newId } from '@/server/ids';
import { shopPushTokens, type PushAudience } from '@/server/push/push-to-shop';
import { capabilitiesOf } from '@/shared/permissions';
import type { AgentRole } from '@/shared/roles';

export type NotificationRow = typeof notifications.$inferSelect;

/** What a role may see: the notifications for every member, and those its capabilities open. */
function visibleTo(role: AgentRole) {
  return or(isNull(notifications.capability), inArray(notifications.capability, capabilitiesOf(role)));
}

export async function findNotificationsOfShop(
  db: Executor,
  shopId: string,
  role: AgentRole,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.shopId, shopId), visibleTo(role)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** The ids among `ids` that are the shop's and that `role` may see. */
export async function findVisibleNotificationIds(
  db: Executor,
  shopId: string,
  role: AgentRole,
  ids: string[],
): Promise<string[]> {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.shopId, shopId), inArray(notifications.id, ids), visibleTo(role)));
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
  values: Pick<NotificationRow, 'shopId' | 'type' | 'title' | 'description'> &
    Partial<Pick<NotificationRow, 'link' | 'capability' | 'createdAt' | 'isRead'>>,
): Promise<NotificationRow> {
  return (await insertNotificationForPush(db, values, {})).notification;
}

/**
 * The notification stored, and the push devices of its audience read in the same statement (the
 * push that follows needs no round trip of its own). Every new order writes one: kept prepared (see
 * runPrepared).
 */
export async function insertNotificationForPush(
  db: Executor,
  values: Parameters<typeof insertNotification>[1],
  audience: PushAudience,
): Promise<{ notification: NotificationRow; pushTokens: string[] }> {
  const devices = shopPushTokens(db, values.shopId, audience).as('devices');
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
