import { useContext, useEffect } from 'react';
import { ApiReadyContext } from './use-api-ready';

/**
 * Sends a page to /login once its session has ended elsewhere (« Se déconnecter de tous les
 * appareils » on another device, a sign-out in another tab). next-auth then reports
 * « unauthenticated », but it says so offline too: only the server answering « no session » counts,
 * which AccessTokenSync asks it.
 */
export function useLeaveEndedSession(): void {
  const hasEnded = useContext(ApiReadyContext)?.hasEnded ?? false;
  useEffect(() => {
    if (hasEnded) window.location.assign(`/login${window.location.search}`);
  }, [hasEnded]);
}
