import { normalizeForSearch } from '@/shared/search';

/**
 * The words a product and a request are compared on: accents and case aside, sizes written one
 * way (« 50 cl », « 50cl », « 1 litre » → « 50cl », « 1l »), no plural, no « de ».
 */

const UNITS: Record<string, string> = {
  l: 'l',
  litre: 'l',
  litres: 'l',
  cl: 'cl',
  ml: 'ml',
  kg: 'kg',
  kilo: 'kg',
  kilos: 'kg',
  g: 'g',
  gr: 'g',
  gramme: 'g',
  grammes: 'g',
  yard: 'yd',
  yards: 'yd',
  yd: 'yd',
  yds: 'yd',
  m: 'm',
  metre: 'm',
  metres: 'm',
  cm: 'cm',
  mm: 'mm',
};
const SIZE = new RegExp(String.raw`(\d+(?:[.,]\d+)?)\s*(${Object.keys(UNITS).join('|')})(?![a-z])`, 'g');

const STOP = new Set(
  'de du des d la le les a au aux en et ou pour avec un une the of taille size couleur coloris color modele pointure mon ma mes svp'.split(
    ' ',
  ),
);

export function canonical(text: string): string {
  return normalizeForSearch(text)
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(SIZE, (_, n: string, unit: string) => n.replace(',', '.') + UNITS[unit]);
}

export function splitTerms(text: string): string[] {
  return text
    .split(/[^a-z0-9.]+/)
    .map((t) => t.replace(/^\.+|\.+$/g, ''))
    .filter(Boolean);
}

/** MiniSearch’s processTerm, and ours: a plural -s or -x dropped, little words out. */
export function processTerm(term: string): string | null {
  if (STOP.has(term)) return null;
  if (term.length > 3 && /[sx]$/.test(term) && !/\d/.test(term)) return term.slice(0, -1);
  return term;
}

export function termsOf(text: string): string[] {
  const terms = splitTerms(canonical(text))
    .map(processTerm)
    .filter((t): t is string => !!t);
  return [...new Set(terms)];
}

export const hasDigit = (term: string) => /\d/.test(term);

/** Edits a typo may make: none in short words, where one letter makes another word. */
export const maxEdits = (term: string) => (hasDigit(term) || term.length < 4 ? 0 : term.length < 8 ? 1 : 2);

/**
 * What MiniSearch may look for, wider (it counts « koala » for « kaola » as two edits): the
 * candidates are scored again with maxEdits.
 */
export const searchEdits = (term: string) =>
  hasDigit(term) || term.length < 4 ? 0 : term.length < 5 ? 1 : 2;

/** How well a typed term stands for a catalogue term, 0..1. */
export function similarity(typed: string, term: string): number {
  if (typed === term) return 1;
  if (hasDigit(typed) || hasDigit(term)) {
    // « huile 50 » for « 50cl »
    return /^\d+$/.test(typed) && term.startsWith(typed) && !/\d/.test(term[typed.length] ?? '') ? 0.9 : 0;
  }
  if (typed.length >= 3 && term.startsWith(typed)) return 0.7 + (0.3 * typed.length) / term.length;
  if (term.length >= 4 && typed.startsWith(term)) return 0.8;
  const limit = Math.min(maxEdits(typed), maxEdits(term));
  if (!limit) return 0;
  const d = editDistance(typed, term, limit);
  return d <= limit ? 1 - 0.15 * d : 0;
}

/** Edit distance with swapped neighbours as one edit (« koala », « kaola »), given up past `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, prev2[j - 2]! + 1);
      row.push(v);
      best = Math.min(best, v);
    }
    if (best > limit) return limit + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}
