import { defineRoute } from '@/server/http/define-route';
import { z } from '@/shared/validation';
import { findNotificationsOfShop } from './notification.repository';
import { toNotificationDto } from './notification.dto';
import { markShopNotificationsRead } from './mark-notifications-read';
import {
  ZGetByShopParams,
  ZGetByShopQuery,
  ZMarkAsReadBody,
  ZMarkAsReadResult,
  ZNotification,
} from './notification.schemas';

export const getNotificationsByShopRoute = defineRoute({
  method: 'GET',
  path: '/api/notification/getByShop/{shopId}',
  tag: 'notification',
  summary: 'Les notifications de la boutique, les plus récentes en premier.',
  shop: { from: 'path', key: 'shopId' },
  permission: 'notifications:view',
  params: ZGetByShopParams,
  query: ZGetByShopQuery,
  response: z.array(ZNotification),
  handle: async ({ db, membership, query }) =>
    (await findNotificationsOfShop(db, membership!.shop.id, query.limit)).map(toNotificationDto),
});

export const markAsReadRoute = defineRoute({
  method: 'POST',
  path: '/api/notification/markAsRead',
  tag: 'notification',
  summary: 'Marque comme lues les notifications données de la boutique.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'notifications:view',
  body: ZMarkAsReadBody,
  response: ZMarkAsReadResult,
  handle: async ({ db, membership, body }) => ({
    success: true as const,
    modifiedCount: await markShopNotificationsRead(db, membership!.shop.id, body.notificationsArray),
  }),
});
