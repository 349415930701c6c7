import { TILL_PAGE_PATH, chosenTillCookie } from '../../till-device';

const ONE_YEAR_SECONDS = 365 * 24 * 3_600;

/**
 * Mirrors the tablet's choice of till (kept in IndexedDB) where the server drawing the till's page
 * reads it (till-device.ts): with a choice, the page waits for the tablet's own screen rather than
 * drawing the choice of till.
 */
export function mirrorChosenTill(shopId: string, tillId: string | null): void {
  if (typeof document === 'undefined') return;
  const name = chosenTillCookie(shopId);
  document.cookie = tillId
    ? `${name}=${encodeURIComponent(tillId)}; path=${TILL_PAGE_PATH}; max-age=${ONE_YEAR_SECONDS}; samesite=lax`
    : `${name}=; path=${TILL_PAGE_PATH}; max-age=0; samesite=lax`;
}
