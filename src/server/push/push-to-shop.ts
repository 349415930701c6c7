import { inArray } from 'drizzle-orm';
import { getDb, type Executor } from '../db';
import { pushDevices } from '../db/schema';
import { defineJob } from '../jobs/job';
import { getLogger } from '../logger';
import type { PushMessage, PushResult, PushSender } from './push-sender';
import { createPushSender } from './push-senders';

/** Who of the shop's agents a push is for: some roles only, and not the one who caused it. */
export interface PushAudience {
  roles?: readonly string[];
  exceptUserId?: string;
}

/**
 * Sends a push to the given devices (a shop's agents', read with the notification's insert), then
 * forgets the device ids the service reports as gone. Throws when the service fails or is
 * misconfigured: the job retries it. `sender` replaces the configured one (tests).
 */
export async function deliverPush(
  db: Executor,
  tokens: string[],
  message: PushMessage,
  sender: PushSender = createPushSender(),
): Promise<PushResult> {
  if (tokens.length === 0) return { sent: 0, invalidTokens: [] };
  const result = await sender.send(tokens, message);
  if (result.invalidTokens.length > 0) {
    try {
      await db.delete(pushDevices).where(inArray(pushDevices.token, result.invalidTokens));
    } catch (error) {
      // The push went out (not to be sent again); stale ids are reported next time and deleted then.
      getLogger().warn({ err: error }, 'Appareils push invalides non supprimés');
    }
  }
  return result;
}

/**
 * The phone app's push for a notification, out of the request that stored it: the stored
 * notification is what counts, so a push service that is down delays the push (retried 20 s,
 * 40 s, 80 s later), never the order.
 */
export const pushJob = defineJob<{ shopId: string; tokens: string[]; message: PushMessage }>({
  name: 'push.send',
  label: 'Notification push',
  retryLimit: 3,
  retryDelaySeconds: 20,
  expireInSeconds: 60,
  async run({ tokens, message }) {
    await deliverPush(getDb(), tokens, message);
  },
});
