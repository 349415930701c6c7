/*
 * « Ticket local n° KQFT-2 »: what a till prints on a sale's receipt before the server has
 * numbered it. Each tablet numbers its tickets per till from 1, so the number alone repeats from
 * one tablet to the next: it is prefixed by the tablet's series, four letters drawn once per till
 * on that tablet. The order keeps the reference, and the orders' search finds it as printed.
 */

/** No I or O: a receipt is read aloud and typed back, they pass for 1 and 0. */
const SERIES_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

export const LOCAL_REFERENCE_PATTERN = /^[A-HJ-NP-Z]{4}-\d{1,9}$/;

export function newTicketSeries(random: (n: number) => Uint8Array): string {
  return Array.from(random(4), (byte) => SERIES_LETTERS[byte % SERIES_LETTERS.length]).join('');
}

export function localReferenceOf(series: string, ticketNumber: number): string {
  return `${series}-${ticketNumber}`;
}

/** The receipt's line, word for word what the search takes back. */
export function localTicketLabel(reference: string): string {
  return `Ticket local n° ${reference}`;
}

/**
 * The reference a search names, typed as printed (« Ticket local n° KQFT-2 ») or alone
 * (« kqft-2 »), or null: the search is something else.
 */
export function localReferenceInSearch(search: string): string | null {
  const match = /^\s*(?:ticket\s+local\s*)?(?:n\s*[°º]\s*)?([a-z]{4}\s*-\s*\d{1,9})\s*$/i.exec(search);
  if (!match) return null;
  const reference = match[1]!.replace(/\s+/g, '').toUpperCase();
  return LOCAL_REFERENCE_PATTERN.test(reference) ? reference : null;
}
