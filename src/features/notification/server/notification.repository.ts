import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { executePrepared, rowOf, type Executor } from '@/server/db';
import { notifications } from '@/server/db/schema/notification';
import { newId } from '@/server/ids';
import type { PushAudience } from '@/server/push/push-to-shop';
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

/** What a new notification is made of; `title` may be SQL reading a caller's statement. */
export type NewNotificationValues = Omit<Parameters<typeof insertNotification>[1], 'title'> & {
  title: string | SQL;
};

/**
 * The insert storing a notification, answering its row and the push devices of its audience read
 * in the same statement (`push_tokens`: the push that follows needs no round trip of its own).
 */
export function notificationInsert(values: NewNotificationValues, audience: PushAudience): SQL {
  // Every new order writes one: written by hand (the query builder cost more than the query).
  const roles = audience.roles ? [...audience.roles] : null;
  return sql`insert into notifications (id, shop_id, type, title, description, is_read, link, capability, created_at)
      values (${newId()}, ${values.shopId}, ${values.type}, ${values.title}, ${values.description},
        ${values.isRead ?? false}, ${values.link ?? null}::text, ${values.capability ?? null}::text,
        coalesce(${values.createdAt?.toISOString() ?? null}::timestamptz, now()))
      returning *, (
        select coalesce(array_agg(d.token), '{}') from push_devices d
        join agents a on a.user_id = d.user_id
        where a.shop_id = ${values.shopId} and a.is_active
          and (${roles === null}::boolean or a.role = any(${sql.param(roles ?? [])}::text[]))
          and d.user_id is distinct from ${audience.exceptUserId ?? null}::text
      ) as push_tokens`;
}

/** A row notificationInsert answered (as stored, or as JSON from a caller's statement). */
export function storedNotification(raw: Record<string, unknown>): {
  notification: NotificationRow;
  pushTokens: string[];
} {
  return { notification: rowOf(notifications, raw), pushTokens: raw.push_tokens as string[] };
}

/** The notification stored, with its audience's push devices (see notificationInsert). */
export async function insertNotificationForPush(
  db: Executor,
  values: NewNotificationValues,
  audience: PushAudience,
): Promise<{ notification: NotificationRow; pushTokens: string[] }> {
  const [row] = await executePrepared<Record<string, unknown>>(db, notificationInsert(values, audience));
  return storedNotification(row!);
}
