import type { Executor } from '@/server/db';
import { Errors } from '@/server/http/errors';
import type { AgentRole } from '@/shared/roles';
import { findVisibleNotificationIds, markNotificationsRead } from './notification.repository';

/**
 * Ids from the body must all belong to the shop and be among those the caller's role sees (one it
 * does not see is « introuvable » to it): one such id refuses the whole call.
 */
export async function markShopNotificationsRead(
  db: Executor,
  shopId: string,
  role: AgentRole,
  ids: string[],
): Promise<number> {
  const unique = [...new Set(ids)];
  const known = new Set(await findVisibleNotificationIds(db, shopId, role, unique));
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw Errors.validation(
      {
        notificationsArray: `Notification introuvable dans cette boutique : ${unknown.slice(0, 3).join(', ')}.`,
      },
      'Notifications : certaines notifications sont introuvables dans cette boutique.',
    );
  }
  return markNotificationsRead(db, shopId, unique);
}
