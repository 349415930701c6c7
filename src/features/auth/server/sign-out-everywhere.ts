import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { authSessions } from '@/server/db/schema/auth';
import type { TSignOutEverywhereResult } from '../auth.schemas';
import { revokeSessions } from './sign-out';

/**
 * « Se déconnecter de tous les appareils » (Mon compte): every sign-in of the user still open ends,
 * the caller's own included, as sign-out ends one.
 */
export async function signOutEverywhere(db: Executor, userId: string): Promise<TSignOutEverywhereResult> {
  return { revokedSessions: await revokeSessions(db, eq(authSessions.userId, userId)) };
}
