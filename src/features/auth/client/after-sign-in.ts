// Where a sign-in leads, and how the other tabs learn of it (SPEC §4: « Sign-in and sign-out are
// broadcast to other tabs »). The sign-in pages load no next-auth provider, so next-auth's own
// broadcast, which its provider makes, never leaves them: they post and listen to it themselves.
import { useEffect } from 'react';
import type { NextRouter } from 'next/router';
import { queryWithout, safeCallbackUrl } from '@/client/navigation';
import { NEXTAUTH_MESSAGE_KEY } from '@/client/session/server-session';
import { hasLiveSession } from './sign-in.client';

/** The sign-in steps' own query keys, left behind on the way in. */
const SIGN_IN_KEYS = [
  'error',
  'callbackUrl',
  'phone',
  'new',
  'methode',
  'mode',
  'oobCode',
  'apiKey',
  'lang',
  'continueUrl',
];

/** Back where the user was sent from, or the home page with the rest of the query (shopId…). */
export function leaveSignIn(router: NextRouter): Promise<boolean> {
  const callback = safeCallbackUrl(router.query.callbackUrl, '');
  return router.replace(callback || { pathname: '/', query: queryWithout(router.query, ...SIGN_IN_KEYS) });
}

/** Tells the other tabs this browser is now signed in. */
export function announceSignIn(): void {
  try {
    localStorage.setItem(
      NEXTAUTH_MESSAGE_KEY,
      JSON.stringify({
        event: 'session',
        data: { trigger: 'signin' },
        timestamp: Math.floor(Date.now() / 1000),
      }),
    );
  } catch {
    // Storage refused (private mode): the other tabs find out at their next visit.
  }
}

/**
 * A sign-in page leaves as soon as this browser holds a live sign-in: at once when it opens (sent
 * here by a 401 on a stale token), and when another tab signs in.
 */
export function useLeaveWhenSignedIn(router: NextRouter): void {
  useEffect(() => {
    if (!router.isReady) return;
    let isCurrent = true;
    const check = () =>
      void hasLiveSession().then((isSignedIn) => {
        if (isSignedIn && isCurrent) void leaveSignIn(router);
      });
    const onStorage = (event: StorageEvent) => {
      if (event.key === NEXTAUTH_MESSAGE_KEY) check();
    };
    check();
    window.addEventListener('storage', onStorage);
    return () => {
      isCurrent = false;
      window.removeEventListener('storage', onStorage);
    };
  }, [router]);
}
