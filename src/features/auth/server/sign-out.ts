import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { authSessions } from '@/server/db/schema/auth';
import type { SessionRef } from '@/server/auth/access-token';
import { runtime } from '@/server/runtime';
import { forgetCallers } from '@/server/tenancy/caller-cache';

/**
 * Ends the open sessions matching `which`: every request checks its session with the caller
 * (src/server/tenancy), so their cookies and access tokens are refused from now on; their sockets,
 * let in before, are closed. Returns how many were still open.
 */
export async function revokeSessions(db: Executor, which: SQL | undefined): Promise<number> {
  const revoked = await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(which, isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  const sessionIds = revoked.map((r) => r.id);
  forgetCallers({ sessionIds });
  runtime.realtime?.disconnectSessions(sessionIds);
  return revoked.length;
}

/** Sign-out (« Déconnexion », next-auth's `signOut` event): this sign-in ends on the server. */
export async function signOutSession(db: Executor, session: SessionRef): Promise<void> {
  await revokeSessions(
    db,
    and(eq(authSessions.id, session.sessionId), eq(authSessions.userId, session.userId)),
  );
}
