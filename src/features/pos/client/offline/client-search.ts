import { normalizeForSearch } from '@/shared/search';
import type { StoredClient } from './types';

/* The till's client search, offline: over the tablet's copy of the clients (20 000 and more). */

export const MAX_CLIENT_RESULTS = 20;

/**
 * The copy's clients as two strings, built once per copy: their normalized names, and the digits
 * of their phones, each entry after a newline. A search is then the engine's string search over
 * one string, not a normalization and a comparison per client at every key typed.
 */
export interface ClientIndex {
  clients: StoredClient[];
  names: string;
  /** Where each client's name starts in `names` (ascending, one per client). */
  nameStarts: Int32Array;
  phones: string;
  phoneStarts: Int32Array;
}

const indexes = new WeakMap<StoredClient[], ClientIndex>();

export function buildClientIndex(clients: StoredClient[]): ClientIndex {
  const names: string[] = [];
  const phones: string[] = [];
  const nameStarts = new Int32Array(clients.length);
  const phoneStarts = new Int32Array(clients.length);
  let nameAt = 0;
  let phoneAt = 0;
  for (let i = 0; i < clients.length; i++) {
    const client = clients[i]!;
    const name = `\n${normalizeForSearch(client.name)}`;
    const phone = `\n${client.phone ? client.phone.replace(/\D/g, '') : ''}`;
    nameStarts[i] = nameAt;
    phoneStarts[i] = phoneAt;
    names.push(name);
    phones.push(phone);
    nameAt += name.length;
    phoneAt += phone.length;
  }
  return { clients, names: names.join(''), nameStarts, phones: phones.join(''), phoneStarts };
}

/** The index of this copy (an array of clients is a copy: a new load makes a new array). */
export function clientIndexOf(clients: StoredClient[]): ClientIndex {
  let index = indexes.get(clients);
  if (!index) {
    index = buildClientIndex(clients);
    indexes.set(clients, index);
  }
  return index;
}

/** The entry (client number) a position of the string falls in. */
function entryAt(starts: Int32Array, at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * What a typed phone may be found as among stored digits: its digits, without the international
 * « 00 »; and typed with a country code (« +221 77 123 45 67 »), also without it, for a number
 * stored as typed at a till (« 77 123 45 67 »). Country codes of the region are 3 digits (2xx).
 */
function phoneNeedles(digits: string): string[] {
  const international = digits.replace(/^00/, '');
  const needles = [international];
  if (/^2\d\d/.test(international) && international.length >= 11) needles.push(international.slice(3));
  return needles;
}

/** Clients (their numbers in the copy, ascending) whose entry holds `needle`, at most `limit`. */
function entriesWith(text: string, starts: Int32Array, needle: string, limit: number, found: Set<number>) {
  for (let at = text.indexOf(needle); at >= 0 && found.size < limit;) {
    const i = entryAt(starts, at);
    found.add(i);
    at = text.indexOf(needle, starts[i + 1] ?? text.length);
  }
}

/**
 * By phone, typed in any form (« 77 123 45 67 », « +221771234567 », « 00221… », the end of the
 * number as clients say it: « 45 67 »), or by name (every word, in any order, accents and case
 * ignored): the first MAX_CLIENT_RESULTS in the copy's order.
 */
export function searchClients(index: ClientIndex, query: string, limit = MAX_CLIENT_RESULTS): StoredClient[] {
  const text = normalizeForSearch(query);
  if (!text) return [];
  const digits = query.replace(/\D/g, '');
  const isPhone = digits.length >= 3 && digits.length === query.replace(/[\s+().-]/g, '').length;
  const found = new Set<number>();
  if (isPhone) {
    // Each needle's first `limit` entries: their union's first `limit` are the search's.
    for (const needle of phoneNeedles(digits)) {
      const some = new Set<number>();
      entriesWith(index.phones, index.phoneStarts, needle, limit, some);
      for (const i of some) found.add(i);
    }
  } else if (!/^\d/.test(text)) {
    const words = text.split(' ');
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
    const others = words.filter((w) => w !== longest);
    const names = index.names;
    for (let at = names.indexOf(longest); at >= 0 && found.size < limit;) {
      const i = entryAt(index.nameStarts, at);
      const end = index.nameStarts[i + 1] ?? names.length;
      if (others.length === 0 || others.every((w) => names.slice(index.nameStarts[i]!, end).includes(w)))
        found.add(i);
      at = names.indexOf(longest, end);
    }
  }
  return [...found]
    .sort((a, b) => a - b)
    .slice(0, limit)
    .map((i) => index.clients[i]!);
}

/** The search over a copy, its index built at the copy's first search and kept with it. */
export function findClients(clients: StoredClient[], query: string): StoredClient[] {
  return searchClients(clientIndexOf(clients), query);
}
