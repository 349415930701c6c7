import { randomBytes } from 'node:crypto';
import type { Executor } from '@/server/db';
import { authSessions } from '@/server/db/schema/auth';

/**
 * A new sign-in, and its id: the `sid` the session cookie and every access token minted from it
 * carry. Random rather than time-ordered (newId), so that no one can guess another device's session.
 */
export async function openSession(db: Executor, userId: string): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await db.insert(authSessions).values({ id, userId });
  return id;
}
