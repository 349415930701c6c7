import { useSyncExternalStore } from 'react';

/** Below Chakra's `md` breakpoint (768 px): a phone in portrait. Tablets keep the desktop layout. */
export const PHONE_MEDIA_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(PHONE_MEDIA_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const readBrowser = () => typeof window !== 'undefined' && !!window.matchMedia?.(PHONE_MEDIA_QUERY).matches;
const readServer = () => false;

/**
 * Whether the screen is a phone's, for the few places where the two layouts are different trees
 * (a list's table or cards, filters inline or in a sheet), not just different styles. The server
 * snapshot is « not a phone », and React renders the hydration pass with it before switching to the
 * browser's answer, so the server's HTML and the first client render always agree.
 */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, readBrowser, readServer);
}
