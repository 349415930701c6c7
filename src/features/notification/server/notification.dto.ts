import type { NotificationRow } from './notification.repository';
import { NOTIFICATION_TYPES, type NotificationType, type TNotification } from './notification.schemas';

export function toNotificationDto(row: NotificationRow): TNotification {
  const type = (NOTIFICATION_TYPES as readonly string[]).includes(row.type)
    ? (row.type as NotificationType)
    : 'shop';
  return {
    _id: row.id,
    shopId: row.shopId,
    type,
    title: row.title,
    description: row.description,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    link: row.link,
  };
}
