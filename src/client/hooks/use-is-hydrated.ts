import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while a page drawn by the server is shown but not yet run by React (its buttons would do
 * nothing when tapped), and on the server; true once it is, and in a screen drawn in the browser.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
