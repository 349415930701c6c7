import type { Executor } from '@/server/db';
import { getDb } from '@/server/db';
import { runtime } from '@/server/runtime';
import { pushToShop } from '@/server/push/push-to-shop';
import { insertNotificationForPush } from './notification.repository';
import { toNotificationDto } from './notification.dto';
import {
  ZCreateNotificationInput,
  type TCreateNotificationInput,
  type TNotification,
} from './notification.schemas';

export const NEW_NOTIFICATION_EVENT = 'newNotification';

/**
 * The one way any module tells a shop something: stored first, then pushed live to every agent
 * connected to the shop's room. Inside a transaction, pass `afterCommit` semantics by calling this
 * after the transaction resolves, so nobody is told of something that was rolled back.
 */
export async function createNotification(
  db: Executor,
  shopId: string,
  input: TCreateNotificationInput,
): Promise<TNotification> {
  const data = ZCreateNotificationInput.parse(input);
  const { notification, pushTokens } = await insertNotificationForPush(db, { shopId, ...data });
  const dto = toNotificationDto(notification);
  runtime.realtime?.emitToShop(shopId, NEW_NOTIFICATION_EVENT, dto);
  // The phone app's push is best effort and must not hold the request: not awaited, never throws,
  // and on the shared pool (the caller's executor may be a transaction about to end).
  void pushToShop(
    getDb(),
    shopId,
    {
      title: dto.title,
      body: dto.description,
      data: { type: dto.type, shopId, notificationId: dto._id },
    },
    { knownTokens: pushTokens },
  );
  return dto;
}
