import { createContext, useContext } from 'react';
import { useSession } from 'next-auth/react';

/**
 * AccessTokenSync's answers for the pages inside it (see there); null outside it. `hasEnded`: the
 * server said the session is over (signed out elsewhere), not just next-auth.
 */
export const ApiReadyContext = createContext<{ isReady: boolean; hasEnded: boolean } | null>(null);

/**
 * True once next-auth has (re)fetched the session and its fresh API token is in local storage.
 * Queries skip until then, so a token left over from yesterday is never sent.
 */
export function useApiReady(): boolean {
  const held = useContext(ApiReadyContext);
  const { data, status } = useSession();
  return held ? held.isReady : status === 'authenticated' && !!data?.accessToken;
}
