import { inArray } from 'drizzle-orm';
import type { Executor } from '../db';
import { pushDevices } from '../db/schema/platform';
import { newId } from '../ids';

/** A device id moves to whoever signs in on it last. */
export async function upsertPushDevice(db: Executor, userId: string, token: string): Promise<void> {
  await db
    .insert(pushDevices)
    .values({ id: newId(), userId, token })
    .onConflictDoUpdate({ target: pushDevices.token, set: { userId, updatedAt: new Date() } });
}

export async function findPushTokensOfUsers(db: Executor, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ token: pushDevices.token })
    .from(pushDevices)
    .where(inArray(pushDevices.userId, userIds));
  return rows.map((r) => r.token);
}
