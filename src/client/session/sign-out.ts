import { signOut } from 'next-auth/react';
import { writeAccessToken } from '../api/http';
import { toaster } from '../shell/toaster';
import { frenchTypography } from '@/shared/typography';

/**
 * True, with a toast saying why, while the till on this browser still holds sales it has not sent:
 * they would be stranded, since the next person here signs in as someone else.
 */
export async function refuseWhileTillUnsynced(): Promise<boolean> {
  const { hasUnsyncedPosOps } = await import('@/features/pos/client/offline/unsynced');
  if (!(await hasUnsyncedPosOps())) return false;
  toaster.create({
    title: 'Déconnexion impossible pour le moment',
    description: frenchTypography(
      'Des ventes du point de vente ne sont pas encore synchronisées. Ouvrez le point de vente avec le réseau et attendez « À jour ».',
    ),
    type: 'error',
    duration: 8000,
  });
  return true;
}

/**
 * Signs this browser out and lands on /login. next-auth's sign-out also ends the session on the
 * server (its `signOut` event), so the API token just dropped from local storage is refused too.
 */
export async function signOutHere(): Promise<void> {
  writeAccessToken(null);
  await signOut({ callbackUrl: '/login' });
}
