/**
 * The till a tablet sells at is its own (IndexedDB, offline-first); it is mirrored into this cookie,
 * sent only with /point-de-vente, so the server drawing the page knows whether the tablet has chosen
 * one: it then leaves the tablet to open on it, rather than drawing the choice of till.
 */
export function chosenTillCookie(shopId: string): string {
  return `comptoir_pos_till_${shopId}`;
}

export const TILL_PAGE_PATH = '/point-de-vente';

/** Asked by the till's service worker: the page without what it is drawn with per request. */
export const KEPT_COPY_HEADER = 'x-comptoir-kept-copy';
