import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../db';
import { agents, pushDevices } from '../db/schema';
import { getLogger } from '../logger';
import type { PushMessage, PushResult, PushSender } from './push-sender';
import { createPushSender } from './push-senders';

/** A fresh object each time: callers may push into invalidTokens. */
const nothingSent = (): PushResult => ({ sent: 0, invalidTokens: [] });

/** Who of the shop's agents a push is for: some roles only, and not the one who caused it. */
export interface PushAudience {
  roles?: readonly string[];
  exceptUserId?: string;
}

/** The device ids of the shop's active agents (of the audience): what a push to the shop goes to. */
export function shopPushTokens(db: Executor, shopId: string, audience: PushAudience = {}) {
  return db
    .select({ token: pushDevices.token })
    .from(pushDevices)
    .innerJoin(agents, eq(agents.userId, pushDevices.userId))
    .where(
      and(
        eq(agents.shopId, shopId),
        eq(agents.isActive, true),
        audience.roles ? inArray(agents.role, [...audience.roles]) : undefined,
        audience.exceptUserId ? ne(pushDevices.userId, audience.exceptUserId) : undefined,
      ),
    );
}

/**
 * Sends a push to every device of the shop's active agents, then forgets the device ids the service
 * reports as gone. Never throws: the stored notification is what counts, the push is a best-effort
 * extra, so a failure is logged and reported as nothing sent.
 *
 * Call it after the notification's transaction commits: it waits on the network, and on PostgreSQL
 * a failed query inside a transaction would abort that transaction even though it is caught here.
 * `knownTokens` are the shop's devices when the caller read them already (with the notification's
 * insert): then nothing is looked up. `sender` replaces the configured one (tests).
 */
export async function pushToShop(
  db: Executor,
  shopId: string,
  message: PushMessage,
  { sender, knownTokens }: { sender?: PushSender; knownTokens?: string[] } = {},
): Promise<PushResult> {
  const log = getLogger();
  let result: PushResult;
  try {
    // Resolved inside the try: a misconfigured driver must not make the caller fail either.
    const pushSender = sender ?? createPushSender();
    const tokens = knownTokens ?? (await shopPushTokens(db, shopId)).map((r) => r.token);
    if (tokens.length === 0) return nothingSent();
    result = await pushSender.send(tokens, message);
  } catch (error) {
    log.warn({ err: error, shopId }, 'Notification push non envoyée');
    return nothingSent();
  }

  if (result.invalidTokens.length > 0) {
    try {
      await db.delete(pushDevices).where(inArray(pushDevices.token, result.invalidTokens));
    } catch (error) {
      // The push went out; stale ids will be reported again next time and deleted then.
      log.warn({ err: error, shopId }, 'Appareils push invalides non supprimés');
    }
  }
  return result;
}
