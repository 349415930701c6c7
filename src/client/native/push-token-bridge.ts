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

export function usePushTokenBridge(isSignedIn: boolean): void {
  useEffect(() => {
    let pending: string | null = window.ComptoirNative?.pendingPushToken ?? null;

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
      const data = event.data as { type?: unknown; token?: unknown } | null;
      if (data && data.type === 'push-token' && typeof data.token === 'string' && data.token)
        send(data.token);
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
