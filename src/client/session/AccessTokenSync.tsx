import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSession } from 'next-auth/react';
import { writeAccessToken } from '../api/http';
import { readServerSession, rereadNextAuthSession } from './server-session';
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
  // Once ready, the page stays as it is (were the API « not ready », every screen would fall back to
  // its skeleton and lose what was being typed in it) while next-auth says:
  // - « loading »: its update() (the renewal below) is asking for a new token; the one in place is
  //   good for 5 more minutes;
  // - « unauthenticated » before the server said so: next-auth says it too when the server could not
  //   be reached (offline, as the page came back into view).
  const [hasBeenReady, setHasBeenReady] = useState(false);
  if (isFresh && !hasBeenReady) setHasBeenReady(true);
  const [hasEnded, setHasEnded] = useState(false);
  if (isFresh && hasEnded) setHasEnded(false);
  const isReady = isFresh || (hasBeenReady && !hasEnded && status !== 'authenticated');
  useEffect(() => {
    if (status !== 'unauthenticated') return;
    // Never signed in on this page: nothing to keep.
    if (!hasBeenReady) writeAccessToken(null);
    let isCancelled = false;
    const check = () =>
      void readServerSession().then((answer) => {
        if (isCancelled || answer === 'unreachable') return;
        if (answer === 'ended') {
          writeAccessToken(null);
          setHasEnded(true);
        } else {
          // The server still holds the session. After a failed read next-auth keeps « no session »
          // and reads it neither on focus nor on its polling: it is told to read it again, as when
          // another tab signs in. Its fresh session then makes the page « authenticated » again.
          rereadNextAuthSession();
        }
      });
    check();
    const cancel = () => {
      isCancelled = true;
    };
    if (!hasBeenReady) return cancel;
    // Kept on its token meanwhile: asked again when the network returns, when the page comes back
    // into view, and every minute (a server that was down while the network was not).
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    window.addEventListener('online', check);
    document.addEventListener('visibilitychange', onVisible);
    const interval = setInterval(check, 60_000);
    return () => {
      cancel();
      window.removeEventListener('online', check);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(interval);
    };
  }, [status, hasBeenReady]);

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
  const answers = useMemo(() => ({ isReady, hasEnded }), [isReady, hasEnded]);
  return <ApiReadyContext.Provider value={answers}>{children}</ApiReadyContext.Provider>;
}
