import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { getLogger } from '@/server/logger';
import { runtime } from '@/server/runtime';
import { pushJob } from '@/server/push/push-to-shop';
import { AGENT_ROLES, type AgentRole } from '@/shared/roles';
import { rolesWith, type Capability } from '@/shared/permissions';
import {
  insertNotificationForPush,
  notificationInsert,
  storedNotification,
  type NotificationRow,
} from './notification.repository';
import { toNotificationDto } from './notification.dto';
import {
  ZCreateNotificationInput,
  type TCreateNotificationInput,
  type TNotification,
} from './notification.schemas';

export const NEW_NOTIFICATION_EVENT = 'newNotification';

type Audience = { roles: readonly AgentRole[]; exceptUserId: string | undefined };

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
  const audience = audienceOf(data.capability, authorId);
  const { notification, pushTokens } = await insertNotificationForPush(
    db,
    { shopId, ...data, link: data.link ?? null, capability: data.capability ?? null },
    audience,
  );
  return announce(notification, pushTokens, audience);
}

/**
 * A notification stored by the caller's own statement, for a hot path (every new order): one round
 * trip and one commit fewer than createNotification. `cte` is the statement's
 * `new_notification as (…)`, `selected` the expression answering what it stored, and `announce`,
 * given that answer once the caller's transaction has committed, tells the shop as
 * createNotification does. `title` may be SQL reading the caller's statement (the order's number).
 */
export function notificationInStatement(
  shopId: string,
  input: Omit<TCreateNotificationInput, 'title'> & { title: SQL },
): { cte: SQL; selected: SQL; announce: (stored: unknown) => TNotification } {
  const { authorId, ...data } = ZCreateNotificationInput.parse({ ...input, title: '…' });
  const audience = audienceOf(data.capability, authorId);
  const values = {
    shopId,
    ...data,
    title: input.title,
    link: data.link ?? null,
    capability: data.capability ?? null,
  };
  return {
    cte: sql`new_notification as (${notificationInsert(values, audience)})`,
    selected: sql`(select row_to_json(n) from new_notification n)`,
    announce: (stored) => {
      const { notification, pushTokens } = storedNotification(stored as Record<string, unknown>);
      return announce(notification, pushTokens, audience);
    },
  };
}

function audienceOf(capability: Capability | undefined, authorId: string | undefined): Audience {
  return { roles: capability ? rolesWith(capability) : AGENT_ROLES, exceptUserId: authorId };
}

/** A stored notification sent to the shop's sockets and, best effort, to its agents' phones. */
function announce(notification: NotificationRow, pushTokens: string[], audience: Audience): TNotification {
  const dto = toNotificationDto(notification);
  const shopId = notification.shopId;
  runtime.realtime?.emitToShopAudience(shopId, NEW_NOTIFICATION_EVENT, dto, audience);
  // The phone app's push, as a background job: it must not hold the request. Called once the
  // caller's transaction committed, so the job is queued on its own.
  if (pushTokens.length > 0)
    pushJob
      .enqueue({
        shopId,
        tokens: pushTokens,
        message: {
          title: dto.title,
          body: dto.description,
          data: { type: dto.type, shopId, notificationId: dto._id, ...(dto.link ? { link: dto.link } : {}) },
        },
      })
      .catch((error: unknown) =>
        getLogger().warn({ err: error, shopId }, 'Notification push non mise en file'),
      );
  return dto;
}
