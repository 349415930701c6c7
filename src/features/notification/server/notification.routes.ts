import { defineRoute } from '@/server/http/define-route';
import type { MembershipRow } from '@/server/tenancy/membership';
import { DEFAULT_ROLE, isAgentRole, type AgentRole } from '@/shared/roles';
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

/** The role the wrapper checked the route's permission against (SPEC §3: admin when unknown). */
function agentRole(membership: MembershipRow): AgentRole {
  return isAgentRole(membership.agent.role) ? membership.agent.role : DEFAULT_ROLE;
}

export const getNotificationsByShopRoute = defineRoute({
  method: 'GET',
  path: '/api/notification/getByShop/{shopId}',
  tag: 'notification',
  summary:
    'Les notifications de la boutique que le rôle de l’appelant peut ouvrir (une caissière ne voit pas les commandes des autres), les plus récentes en premier.',
  shop: { from: 'path', key: 'shopId' },
  permission: 'notifications:view',
  params: ZGetByShopParams,
  query: ZGetByShopQuery,
  response: z.array(ZNotification),
  handle: async ({ db, membership, query }) =>
    (await findNotificationsOfShop(db, membership!.shop.id, agentRole(membership!), query.limit)).map(
      toNotificationDto,
    ),
});

export const markAsReadRoute = defineRoute({
  method: 'POST',
  path: '/api/notification/markAsRead',
  tag: 'notification',
  summary: 'Marque comme lues les notifications données de la boutique (parmi celles que l’appelant voit).',
  shop: { from: 'body', key: 'shopId' },
  permission: 'notifications:view',
  body: ZMarkAsReadBody,
  response: ZMarkAsReadResult,
  handle: async ({ db, membership, body }) => ({
    success: true as const,
    modifiedCount: await markShopNotificationsRead(
      db,
      membership!.shop.id,
      agentRole(membership!),
      body.notificationsArray,
    ),
  }),
});
