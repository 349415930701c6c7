import { Draft, isCapitalised, wordsFrom, type Word } from './paste-text';
import { EMPTY_WORDS, NAME_STOPS, PLACE_STOPS, fillerAt } from './paste-vocabulary';

/**
 * The details around the items: phones, where to deliver, who orders, when. Each is cut out of
 * the draft once found, so the items are read from what remains.
 */

export interface Note {
  at: number;
  text: string;
}

// Senegal, Côte d’Ivoire and Cameroon mobiles and fixed lines, then any 8-digit national number.
const LOCAL = /^(?:(?:7[05678]|3[03])\d{7}|(?:0[157]|2[157])\d{8}|(?:6\d|2[23])\d{7}|\d{8})$/;
const WITH_COUNTRY = /^(?:22[1-9]|23\d|24\d)\d{8,10}$/;
const PHONE = /(?<![\w+])(?:\+|00)?\d(?:[ .-]?\d){7,16}(?!\d)/g;
const CURRENCY_AFTER = /^\s*(?:f|fcfa|cfa|francs?|frs?|xof)(?![a-z])/;

function isPhone(written: string): boolean {
  // « 1 2 3 4 5 6 7 8 » is a list of numbers; « +237 6 99 88 77 66 » a phone.
  if (written.split(/[ .-]/).filter((g) => /^\d$/.test(g)).length > 1) return false;
  const digits = written.replace(/\D/g, '');
  if (/^(\+|00)/.test(written)) return digits.length >= 10 && digits.length <= 15;
  return LOCAL.test(digits) || WITH_COUNTRY.test(digits);
}

/** Phones as written, digits and a leading « + »; a quantity touching one (« 2 0708091011 ») is left out. */
export function takePhones(draft: Draft): { phones: string[]; starts: number[] } {
  const phones: string[] = [];
  const starts: number[] = [];
  for (const m of draft.folded.matchAll(PHONE)) {
    const at = m.index ?? 0;
    if (CURRENCY_AFTER.test(draft.folded.slice(at + m[0].length))) continue;
    if (/^\d{1,2}[.-]\d{1,2}[.-]\d{2,4}$/.test(m[0])) continue;
    const groups = [...m[0].matchAll(/[+\d]+/g)].map((g) => ({ at: at + (g.index ?? 0), text: g[0] }));
    const found = trimmed(groups);
    if (!found) continue;
    const phone = (found.text.startsWith('+') ? '+' : '') + found.text.replace(/\D/g, '');
    if (!phones.includes(phone)) phones.push(phone);
    starts.push(found.start);
    draft.cut(found.start, found.end);
  }
  return { phones, starts };
}

/** The whole run of digit groups if it is a phone, else with one or two short groups dropped at either end. */
function trimmed(groups: Array<{ at: number; text: string }>) {
  const n = groups.length;
  for (let dropped = 0; dropped <= 3; dropped++) {
    for (let first = 0; first <= dropped; first++) {
      const kept = groups.slice(first, n - (dropped - first));
      if (!kept.length || kept.length < n - dropped) continue;
      const removed = [...groups.slice(0, first), ...groups.slice(n - (dropped - first))];
      if (removed.some((g) => g.text.length > 3)) continue;
      const text = kept.map((g) => g.text).join(' ');
      if (isPhone(text)) {
        const last = kept[kept.length - 1]!;
        return { text, start: kept[0]!.at, end: last.at + last.text.length };
      }
    }
  }
  return null;
}

const TIMED = String.raw`(?:\s+(demain|aujourd’hui|ce\s+soir|ce\s+matin))?`;
const PLACE_TRIGGER = new RegExp(
  [
    String.raw`(?:a\s+)?(?:me\s+|nous\s+)?livr[a-z]*(?:[-\s]moi|[-\s]nous)?${TIMED}\s*(?:(?:a|au|aux|sur|vers|en|ci)(?![a-z’])|:|-)`,
    String.raw`(?:je\s+suis|j’suis|chui|on\s+est|nous\s+sommes|je\s+reste|je\s+vis|je\s+me\s+trouve|je\s+loge|j’habite|on\s+habite)\s+(?:a|au|aux|sur|vers|en|dans)(?![a-z’])`,
    String.raw`j’habite`,
    String.raw`(?:(?:au|dans\s+le|mon)\s+)?(?:quartier|qtier|adresse|localite|lieu)(?:\s*:)?`,
    // Wolof « maa ngi ci Ouakam »: without « ci », « maa ngi bëgg » is « I want ».
    String.raw`(?:maa?\s*ngi|dama\s+nekk|dafa\s+nekk|damay\s+deek?k|dama\s+deek?k)\s+ci`,
  ]
    .map((p) => `(?<![a-z’])${p}`)
    .join('|'),
  'g',
);

/**
 * Where to deliver, as written: the words after « livraison à », « je suis à », « quartier »…
 * Said twice (« je suis à Cocody, livrez à Yopougon »), where to deliver wins over where they are,
 * and the other goes to the note.
 */
export function takePlace(draft: Draft, notes: Note[]): string | null {
  const found: Array<{ at: number; end: number; place: string; delivery: boolean }> = [];
  for (const m of draft.folded.matchAll(PLACE_TRIGGER)) {
    const at = m.index ?? 0;
    // « livraison à Yop quartier Sideci » is one place, not two.
    if (at < (found[found.length - 1]?.end ?? 0)) continue;
    const words = placeWords(wordsFrom(draft, at + m[0].length));
    if (!words.length) continue;
    if (m[1]) {
      const timeAt = at + m[0].indexOf(m[1]);
      notes.push({ at: timeAt, text: draft.text.slice(timeAt, timeAt + m[1].length) });
    }
    const end = words[words.length - 1]!.end;
    found.push({ at, end, place: draft.text.slice(words[0]!.start, end), delivery: /livr/.test(m[0]) });
  }
  const chosen = found.find((f) => f.delivery) ?? found[0];
  for (const f of found) {
    if (f !== chosen) notes.push({ at: f.at, text: draft.text.slice(f.at, f.end) });
    draft.cut(f.at, f.end);
  }
  return chosen?.place ?? null;
}

const ADDRESS_NUMBERED = new Set('rue villa lot zone tranche secteur porte x n no'.split(' '));
/** « je suis à la maison », « je suis en route »: no place to deliver to. */
const NOT_PLACES = new Set('maison bureau travail boulot ici dispo disponible route chemin'.split(' '));

export function placeWords(words: Word[]): Word[] {
  const kept: Word[] = [];
  for (const [k, w] of words.entries()) {
    if (k > 0 && PLACE_STOPS.has(w.norm)) break;
    if (k === 0 && (PLACE_STOPS.has(w.norm) || fillerAt([w.norm], 0))) break;
    if (k < 2 && NOT_PLACES.has(w.norm)) return [];
    // A bare number is part of a place as its last word (« Liberté 6 »), after « rue »,
    // « villa »… (« rue 22 x 15 »), before a capital or when too big for a quantity
    // (« 220 Logements »); else it starts an item (« à Yop 2 savons »).
    const next = words[k + 1];
    const numbered = ADDRESS_NUMBERED.has(words[k - 1]?.norm ?? '');
    if (
      /^\d+$/.test(w.norm) &&
      !w.closed &&
      !numbered &&
      Number(w.norm) < 100 &&
      !(next && isCapitalised(next.text))
    )
      break;
    kept.push(w);
    if (kept.length === 8) break;
  }
  while (kept.length && EMPTY_WORDS.has(kept[kept.length - 1]!.norm)) kept.pop();
  return kept;
}

const STRONG_NAME = String.raw`moi,?\s+c’est|je\s+m’appelle|mon\s+nom\s+(?:est|c’est)|de\s+la\s+part\s+de|nom\s*:|sama\s+tur(?:\s+moo?y)?|maa?\s*ngi\s+tudd`;
const NAME_TRIGGER = new RegExp(String.raw`(?<![a-z’])(?:(${STRONG_NAME})|c’est|je\s+suis|ici)\s+`, 'g');

/**
 * Who orders: « c’est Aminata », « je suis Moussa Diop », « de la part de Fatou », or « Awa » alone
 * before a phone; with where they are when said right after (« c’est Fatou de Yopougon »).
 */
export function takeName(draft: Draft, phoneStarts: number[]): { name: string | null; place: string | null } {
  for (const m of draft.folded.matchAll(NAME_TRIGGER)) {
    const at = m.index ?? 0;
    const words = nameWords(wordsFrom(draft, at + m[0].length, 3), !m[1]);
    if (!words.length) continue;
    const end = words[words.length - 1]!.end;
    const place = placeAfterName(draft, end);
    draft.cut(at, place?.end ?? end);
    return { name: nameOf(words), place: place?.text ?? null };
  }
  // Capitalised words just before a phone, on their line or the one above: the customer signing.
  for (const at of phoneStarts) {
    const before = draft.text.slice(0, at).replace(/[\s:-]+$/, '');
    const start = before.search(/[^\n,;.:!?]*$/);
    const words = wordsFrom(draft, start, 4);
    const last = words[words.length - 1];
    if (!last || words.length > 3 || last.end !== before.length) continue;
    if (nameWords(words, true).length === words.length) {
      draft.cut(words[0]!.start, last.end);
      return { name: nameOf(words), place: null };
    }
  }
  return { name: null, place: null };
}

function placeAfterName(draft: Draft, at: number): { text: string; end: number } | null {
  const m = /^\s+(?:(?:de|du|a|vers)(?![a-z’])\s*|d’)/.exec(draft.folded.slice(at, at + 8));
  if (!m) return null;
  const words = placeWords(wordsFrom(draft, at + m[0].length, 4));
  if (!words.length || !words.every((w) => isCapitalised(w.text) || /^\d/.test(w.text))) return null;
  const end = words[words.length - 1]!.end;
  return { text: draft.text.slice(words[0]!.start, end), end };
}

function nameOf(words: Word[]): string {
  return words.map((w) => w.text).join(' ');
}

function nameWords(words: Word[], capitalisedOnly: boolean): Word[] {
  const kept: Word[] = [];
  for (const w of words) {
    if (NAME_STOPS.has(w.norm) || fillerAt([w.norm], 0) || !/^\p{L}[\p{L}'’-]*$/u.test(w.text)) break;
    if (capitalisedOnly && !isCapitalised(w.text)) break;
    kept.push(w);
    if (w.closed) break;
  }
  return kept;
}

/** « 1) savon kaola x2 »: the numbers of a list are not quantities; nor « 1. », « 2. » in sequence. */
export function takeListNumbers(draft: Draft): void {
  const marks = [...draft.folded.matchAll(/^[ \t•*-]*(\d{1,2})[ \t]*([.)-])[ \t]+(?=\S)/gm)];
  const numbered = marks.filter((m) => m[2] !== ')');
  const inSequence = numbered.length >= 2 && numbered.every((m, k) => Number(m[1]) === k + 1);
  for (const m of marks) {
    if (m[2] !== ')' && !inSequence) continue;
    draft.cut(m.index ?? 0, (m.index ?? 0) + m[0].length);
  }
}

const WHEN = new RegExp(
  [
    String.raw`(?:(?:avant|apres|vers|pour|a\s+partir\s+de|d’ici|des|entre|a|au\s+plus\s+tard\s+a)\s+)?\d{1,2}\s*(?:h|heures?)\s*(?:\d{2})?(?:\s*(?:et|-|a)\s*\d{1,2}\s*(?:h|heures?)\s*(?:\d{2})?)?`,
    String.raw`(?:(?:pour|avant|d’ici|des|a\s+partir\s+de|livraison|livrer)\s+)?(?:apres-demain|demain|aujourd’hui|ce\s+soir|ce\s+matin|cet\s+apres-midi|ce\s+week-?end|(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)(?:\s+prochain)?|la\s+semaine\s+prochaine)(?:\s+(?:matin|soir|midi|apres-midi|au\s+plus\s+tard))?`,
    String.raw`(?:(?:a|au\s+prix\s+de|pour|prix\s*:?|total\s*:?)\s+)?(?:\d{1,3}(?:[ .]\d{3})+|\d+)\s*(?:fcfa|f\s*cfa|cfa|francs?|frs?|xof|f)`,
  ]
    .map((p) => `(?<![a-z0-9’])(?:${p})(?![a-z0-9])`)
    .join('|'),
  'g',
);
const SYSTEM =
  /<[^>\n]{1,40}>|ce message a ete supprime|vous avez supprime ce message|(?:image|video|audio|fichier|document) (?:absente?|omise?|joint)/g;

/** Times, days and prices the customer gave: kept for the seller. WhatsApp’s own words go. */
export function takeTimesAndPrices(draft: Draft, notes: Note[]): void {
  for (const m of draft.folded.matchAll(SYSTEM)) draft.cut(m.index ?? 0, (m.index ?? 0) + m[0].length);
  for (const m of draft.folded.matchAll(WHEN)) {
    const at = m.index ?? 0;
    notes.push({ at, text: draft.text.slice(at, at + m[0].length).trim() });
    draft.cut(at, at + m[0].length);
  }
}
