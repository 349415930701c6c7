import type { Executor } from '@/server/db';
import { Errors } from '@/server/http/errors';
import { findNotificationIdsInShop, markNotificationsRead } from './notification.repository';

/** Ids from the body must all belong to the shop: one foreign id refuses the whole call. */
export async function markShopNotificationsRead(
  db: Executor,
  shopId: string,
  ids: string[],
): Promise<number> {
  const unique = [...new Set(ids)];
  const known = new Set(await findNotificationIdsInShop(db, shopId, unique));
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw Errors.validation(
      {
        notificationsArray: `Notification introuvable dans cette boutique : ${unknown.slice(0, 3).join(', ')}.`,
      },
      'Notifications : certaines notifications sont introuvables dans cette boutique.',
    );
  }
  return markNotificationsRead(db, shopId, unique);
}
