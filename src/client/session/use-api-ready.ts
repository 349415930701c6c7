import { useSession } from 'next-auth/react';

/**
 * True once next-auth has (re)fetched the session and its fresh API token is in local storage.
 * Queries skip until then, so a token left over from yesterday is never sent.
 */
export function useApiReady(): boolean {
  const { data, status } = useSession();
  return status === 'authenticated' && !!data?.accessToken;
}
