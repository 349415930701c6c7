// Apart from order.constants.ts, which every order page loads: only the list and its server reads
// need it (the pages' first-load budgets are counted to the kilobyte).

/**
 * The orders list's first page in a phone's browser (its user agent, as the server guesses it): what
 * four or five screens of cards show. Fifty cards (the list's page elsewhere) were a thousand
 * elements for the phone to style, lay out and hydrate before its first tap could be answered
 * (issue 20); « Afficher plus » brings the next fifty.
 */
export const PHONE_FIRST_ORDERS_PAGE = 25;

/** The `limit` of the list's first page (none: the list's own), as the server and the screen ask it. */
export function firstOrdersPageLength(isPhone: boolean): { limit?: number } {
  return isPhone ? { limit: PHONE_FIRST_ORDERS_PAGE } : {};
}
