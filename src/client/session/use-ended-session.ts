import { useEffect } from 'react';
import { useSession } from 'next-auth/react';

/**
 * Sends a page to /login once its session has ended elsewhere (« Se déconnecter de tous les
 * appareils » on another device, a sign-out in another tab). next-auth then reports
 * « unauthenticated », and queries would wait for a token forever. But it says so offline too:
 * only the server answering « no session » counts.
 */
export function useLeaveEndedSession(): void {
  const { status } = useSession();
  useEffect(() => {
    if (status !== 'unauthenticated') return;
    let isCancelled = false;
    void fetch('/api/auth/session', { credentials: 'same-origin', cache: 'no-store' })
      .then((response) => (response.ok ? (response.json() as Promise<{ user?: unknown }>) : null))
      .then((session) => {
        if (!isCancelled && session && !session.user)
          window.location.assign(`/login${window.location.search}`);
      })
      .catch(() => undefined);
    return () => {
      isCancelled = true;
    };
  }, [status]);
}
