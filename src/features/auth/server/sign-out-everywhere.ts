import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { authSessions } from '@/server/db/schema/auth';
import { runtime } from '@/server/runtime';
import type { TSignOutEverywhereResult } from '../auth.schemas';

/**
 * « Se déconnecter de tous les appareils » (Mon compte): every sign-in of the user still open ends,
 * the caller's own included, as sign-out ends one (see sign-out.ts).
 */
export async function signOutEverywhere(db: Executor, userId: string): Promise<TSignOutEverywhereResult> {
  const revoked = await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  runtime.realtime?.disconnectSessions(revoked.map((r) => r.id));
  return { revokedSessions: revoked.length };
}
