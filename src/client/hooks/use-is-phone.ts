import { createContext, useContext, useSyncExternalStore } from 'react';

/** Below Chakra's `md` breakpoint (768 px): a phone in portrait. Tablets keep the desktop layout. */
export const PHONE_MEDIA_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(PHONE_MEDIA_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const readBrowser = () => typeof window !== 'undefined' && !!window.matchMedia?.(PHONE_MEDIA_QUERY).matches;

/**
 * The server's guess, from the browser's user agent, for a page it draws (see shellPageProps):
 * a phone then gets its own layout in the first HTML, not the desktop's replaced after the scripts
 * ran (which moved the page). False when there is no guess.
 */
export const PhoneHint = createContext(false);

/** The user agent of a phone (not a tablet): the same guess the browser will confirm. */
export function isPhoneUserAgent(userAgent: string | undefined): boolean {
  return !!userAgent && /iPhone|iPod|Android.*Mobile|Mobile.*Firefox|Windows Phone/i.test(userAgent);
}

/**
 * Whether the screen is a phone's, for the few places where the two layouts are different trees
 * (a list's table or cards, filters inline or in a sheet), not just different styles. The server
 * snapshot is the server's guess (PhoneHint), and React renders the hydration pass with it before
 * switching to the browser's answer, so the server's HTML and the first client render always agree.
 */
export function useIsPhone(): boolean {
  const hint = useContext(PhoneHint);
  return useSyncExternalStore(subscribe, readBrowser, () => hint);
}
