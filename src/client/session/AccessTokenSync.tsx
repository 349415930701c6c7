import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSession } from 'next-auth/react';
import { writeAccessToken } from '../api/http';
import { RenewalTimer } from './token-renewal';
import { ApiReadyContext } from './use-api-ready';

/**
 * Copies the session's API token into local storage (SPEC §3) whenever next-auth refetches the
 * session — on focus, on the polling interval and on sign-in/out broadcast from other tabs — and
 * renews it 5 minutes before it expires, backing off on failures (token-renewal.ts).
 * Children that call the API wait until the token is in place (useApiReady), and not again while it
 * is renewed.
 */
export function AccessTokenSync({ children }: { children: ReactNode }) {
  const { data, status, update } = useSession();
  const token = data?.accessToken ?? null;
  const expiresAt = data?.accessTokenExpiresAt ?? null;
  const isFresh = status === 'authenticated' && !!token;
  if (typeof window !== 'undefined' && isFresh) writeAccessToken(token);
  // next-auth's update() (the renewal below) says « loading » while it asks the server. The token in
  // place is good until it expires, 5 minutes later: the page stays as it is. Were the API « not
  // ready » then, every screen would fall back to its skeleton and lose what was being typed in it.
  const [hasBeenReady, setHasBeenReady] = useState(false);
  if (isFresh && !hasBeenReady) setHasBeenReady(true);
  const isReady = isFresh || (hasBeenReady && status === 'loading');
  useEffect(() => {
    if (status === 'unauthenticated') writeAccessToken(null);
  }, [status]);

  // next-auth's update() asks the server for the session again (a fresh token with it) and answers
  // nothing when the server could not be reached.
  // (update is remade with each session: the timer calls the latest.)
  const latestUpdate = useRef(update);
  latestUpdate.current = update;
  const [timer] = useState(() => new RenewalTimer(async () => !!(await latestUpdate.current())?.accessToken));
  // Keyed on `isReady`, not `status`: a renewal's own « loading » must neither stop the timer nor
  // schedule it afresh, which would undo its back-off after a failed try (and, past the renewal
  // time, try again at once, over and over, on a dead network).
  useEffect(() => {
    if (isReady && expiresAt) timer.schedule(expiresAt * 1000);
    return () => timer.stop();
  }, [isReady, expiresAt, timer]);
  return <ApiReadyContext.Provider value={isReady}>{children}</ApiReadyContext.Provider>;
}
