import { useContext, useSyncExternalStore } from 'react';
import { PhoneHint, isPhoneUserAgent } from './use-is-phone';

const noChanges = () => () => {};
const readUserAgent = () => typeof navigator !== 'undefined' && isPhoneUserAgent(navigator.userAgent);

/**
 * Whether the browser is a phone's, by its user agent: the very guess the server made for the page
 * it drew (PhoneHint), so a choice that changes what is asked (a shorter first page) is the same on
 * both sides and never makes a page ask again once hydrated. A desktop window made narrow is not
 * one (it has a desktop's speed).
 */
export function useIsPhoneBrowser(): boolean {
  const hint = useContext(PhoneHint);
  return useSyncExternalStore(noChanges, readUserAgent, () => hint);
}
