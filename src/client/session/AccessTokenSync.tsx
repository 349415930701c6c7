import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSession } from 'next-auth/react';
import { writeAccessToken } from '../api/http';
import { RenewalTimer } from './token-renewal';

/**
 * Copies the session's API token into local storage (SPEC §3) whenever next-auth refetches the
 * session — on focus, on the polling interval and on sign-in/out broadcast from other tabs — and
 * renews it 5 minutes before it expires, backing off on failures (token-renewal.ts).
 * Children that call the API wait until the token is in place.
 */
export function AccessTokenSync({ children }: { children: ReactNode }) {
  const { data, status, update } = useSession();
  const token = data?.accessToken ?? null;
  const expiresAt = data?.accessTokenExpiresAt ?? null;
  if (typeof window !== 'undefined' && status === 'authenticated' && token) writeAccessToken(token);
  useEffect(() => {
    if (status === 'unauthenticated') writeAccessToken(null);
  }, [status]);

  // next-auth's update() asks the server for the session again (a fresh token with it) and answers
  // nothing when the server could not be reached.
  // (update is remade with each session: the timer calls the latest.)
  const latestUpdate = useRef(update);
  latestUpdate.current = update;
  const [timer] = useState(() => new RenewalTimer(async () => !!(await latestUpdate.current())?.accessToken));
  useEffect(() => {
    if (status === 'authenticated' && expiresAt) timer.schedule(expiresAt * 1000);
    return () => timer.stop();
  }, [status, expiresAt, timer]);
  return <>{children}</>;
}
