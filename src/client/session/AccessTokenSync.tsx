import { useEffect, type ReactNode } from 'react';
import { useSession } from 'next-auth/react';
import { writeAccessToken } from '../api/http';

/**
 * Copies the session's API token into local storage (SPEC §3) whenever next-auth refetches the
 * session — on focus, on the polling interval and on sign-in/out broadcast from other tabs.
 * Children that call the API wait until the token is in place.
 */
export function AccessTokenSync({ children }: { children: ReactNode }) {
  const { data, status } = useSession();
  const token = data?.accessToken ?? null;
  if (typeof window !== 'undefined' && status === 'authenticated' && token) writeAccessToken(token);
  useEffect(() => {
    if (status === 'unauthenticated') writeAccessToken(null);
  }, [status]);
  return <>{children}</>;
}
