import { useEffect } from 'react';
import { http } from '../api/http';

/**
 * The bridge with the native wrapper (SPEC §1): the wrapper hands over its push device id in
 * either of two ways, whichever its web view makes easier:
 *   window.postMessage({ type: 'push-token', token: '<device id>' }, '*')
 *   window.ComptoirNative.setPushToken('<device id>')
 * A token given before the app is signed in is kept and sent once the session is ready, to
 * POST /api/shop/setFcmId { fmcId } (SPEC §7 spelling).
 */
declare global {
  interface Window {
    ComptoirNative?: { setPushToken: (token: string) => void; pendingPushToken?: string };
  }
}

const SENT_KEY = 'push-token-sent';

const tokenOf = (data: unknown): string | null => {
  const message = data as { type?: unknown; token?: unknown } | null;
  return message && message.type === 'push-token' && typeof message.token === 'string' && message.token
    ? message.token
    : null;
};

// A token given while the page is still being hydrated (React hydrates in the background, so the
// hook's effect may come a few seconds after the page shows) is taken from the moment this module
// loads, either way, and kept for the hook.
let heardEarly: string | null = null;
if (typeof window !== 'undefined') {
  window.addEventListener('message', (event: MessageEvent) => {
    heardEarly = tokenOf(event.data) ?? heardEarly;
  });
  window.ComptoirNative = {
    ...window.ComptoirNative,
    setPushToken: (token: string) => {
      if (token) heardEarly = token;
    },
  };
}

export function usePushTokenBridge(isSignedIn: boolean): void {
  useEffect(() => {
    let pending: string | null = heardEarly ?? window.ComptoirNative?.pendingPushToken ?? null;

    const send = (token: string) => {
      if (!isSignedIn) {
        pending = token;
        return;
      }
      // Once per token and browser session: the server keeps it until another user claims it.
      if (window.sessionStorage.getItem(SENT_KEY) === token) return;
      void http
        .post('/api/shop/setFcmId', { fmcId: token })
        .then(() => window.sessionStorage.setItem(SENT_KEY, token));
    };

    const onMessage = (event: MessageEvent) => {
      const token = tokenOf(event.data);
      if (token) send(token);
    };
    window.addEventListener('message', onMessage);
    window.ComptoirNative = {
      ...window.ComptoirNative,
      setPushToken: (token: string) => token && send(token),
    };
    if (pending) send(pending);
    return () => window.removeEventListener('message', onMessage);
  }, [isSignedIn]);
}
