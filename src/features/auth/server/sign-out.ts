import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { authSessions } from '@/server/db/schema/auth';
import type { SessionRef } from '@/server/auth/access-token';
import { runtime } from '@/server/runtime';

/**
 * Sign-out (« Déconnexion », next-auth's `signOut` event): this sign-in ends on the server. Every
 * request checks its session with the caller (src/server/tenancy), so its cookie and its access
 * tokens are refused from now on; its sockets, let in before, are closed.
 */
export async function signOutSession(db: Executor, session: SessionRef): Promise<void> {
  const revoked = await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(authSessions.id, session.sessionId),
        eq(authSessions.userId, session.userId),
        isNull(authSessions.revokedAt),
      ),
    )
    .returning({ id: authSessions.id });
  runtime.realtime?.disconnectSessions(revoked.map((r) => r.id));
}
