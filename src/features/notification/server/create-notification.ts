import type { Executor } from '@/server/db';
import { getDb } from '@/server/db';
import { runtime } from '@/server/runtime';
import { pushToShop } from '@/server/push/push-to-shop';
import { AGENT_ROLES } from '@/shared/roles';
import { rolesWith } from '@/shared/permissions';
import { insertNotificationForPush } from './notification.repository';
import { toNotificationDto } from './notification.dto';
import {
  ZCreateNotificationInput,
  type TCreateNotificationInput,
  type TNotification,
} from './notification.schemas';

export const NEW_NOTIFICATION_EVENT = 'newNotification';

/**
 * The one way any module tells a shop something: stored first, then pushed live to the agents
 * connected to the shop whose role may see it (its `capability`), save the one whose action it
 * reports (`authorId`: nobody is told of their own order). Inside a transaction, pass `afterCommit`
 * semantics by calling this after the transaction resolves, so nobody is told of something that
 * was rolled back.
 */
export async function createNotification(
  db: Executor,
  shopId: string,
  input: TCreateNotificationInput,
): Promise<TNotification> {
  const { authorId, ...data } = ZCreateNotificationInput.parse(input);
  const audience = {
    roles: data.capability ? rolesWith(data.capability) : AGENT_ROLES,
    exceptUserId: authorId,
  };
  const { notification, pushTokens } = await insertNotificationForPush(
    db,
    { shopId, ...data, link: data.link ?? null, capability: data.capability ?? null },
    audience,
  );
  const dto = toNotificationDto(notification);
  runtime.realtime?.emitToShopAudience(shopId, NEW_NOTIFICATION_EVENT, dto, audience);
  // The phone app's push is best effort and must not hold the request: not awaited, never throws,
  // and on the shared pool (the caller's executor may be a transaction about to end).
  void pushToShop(
    getDb(),
    shopId,
    {
      title: dto.title,
      body: dto.description,
      data: { type: dto.type, shopId, notificationId: dto._id, ...(dto.link ? { link: dto.link } : {}) },
    },
    { knownTokens: pushTokens },
  );
  return dto;
}
