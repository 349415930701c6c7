import type { ParsedLine } from './parse-message';
import type { Note } from './message-details';
import { isCapitalised, tokenize, type Draft, type Token } from './paste-text';
import { gluedNumberEnd, readLeadQuantity, readTrailQuantity } from './quantity-words';
import {
  EMPTY_WORDS,
  LEADING_WORDS,
  NOTE_WORDS,
  TRAILING_WORDS,
  WORDS_BEFORE_A,
  fillerAt,
  type FillerKind,
} from './paste-vocabulary';

/**
 * What remains of a message once its details are cut out, read as items: pieces between commas,
 * line breaks, « et »…, each piece split again at every quantity (« 2 savons kaola 1 huile »).
 */

export interface Items {
  lines: ParsedLine[];
  notes: Note[];
  place: string | null;
}

interface Item {
  quantity: number | null;
  tokens: number[];
  words: number[];
}

// Not « ou »: « savon kaola ou noir » is one item, its alternatives for the seller to choose.
const HARD_LINKS = new Set(['et', 'ak', 'puis']);
/** Links only when a quantity follows: « 2 savons plus 1 huile », but « boubou avec broderie ». */
const SOFT_LINKS = new Set(['plus', 'avec']);
const PLACE_WORDS = new Set(['à', 'a', 'au', 'aux', 'ci']);

interface Reading {
  draft: Draft;
  out: Items;
  /** Lines without a written quantity, and where they start: « j’en veux 2 » may give them one. */
  implicit: Map<ParsedLine, number>;
  /** Lines written as another size of the line before (« et 1 en L »), with that product’s words. */
  variantOf: Map<ParsedLine, { parent: ParsedLine; base: string }>;
}

export function readItems(draft: Draft): Items {
  const reading: Reading = {
    draft,
    out: { lines: [], notes: [], place: null },
    implicit: new Map(),
    variantOf: new Map(),
  };
  for (const [start, end] of segments(draft.text)) {
    const tokens = unglued(tokenize(draft, start, end));
    const kinds = fillerKinds(tokens);
    const place = barePlace(draft, tokens, kinds);
    if (place && !reading.out.place) reading.out.place = place;
    for (const item of split(tokens, kinds)) classify(reading, tokens, item);
  }
  dropSplitParents(reading);
  return reading.out;
}

/** « 2 sacs (1 noir, 1 marron) »: the two sizes or colours replace the line they detail. */
function dropSplitParents({ out, variantOf }: Reading): void {
  const detailed = new Map<ParsedLine, number>();
  for (const { parent } of variantOf.values()) detailed.set(parent, 0);
  for (const [line, { parent }] of variantOf) detailed.set(parent, detailed.get(parent)! + line.quantity);
  out.lines = out.lines.filter((line) => detailed.get(line) !== line.quantity);
}

function segments(text: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && !isSeparator(text, i)) continue;
    if (i > start) found.push([start, i]);
    start = i + 1;
  }
  return found;
}

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= '0' && ch <= '9';

function isSeparator(text: string, i: number): boolean {
  const ch = text[i]!;
  // Brackets too: « Savon Kaola (2) », « 2 boubous (1 M, 1 L) », « sac (noir) » are read across pieces.
  if ('\n;!?•·|+&*…()[]'.includes(ch)) return true;
  // « 1,5 kg », « 1.5 L » are numbers; elsewhere the comma or the full stop ends a piece.
  if (ch === ',' || ch === '.') return !(isDigit(text[i - 1]) && isDigit(text[i + 1]));
  return (ch === '-' || ch === '/' || ch === '–') && text[i - 1] === ' ' && text[i + 1] === ' ';
}

/** « 2savons » as « 2 » and « savons ». */
function unglued(tokens: Token[]): Token[] {
  return tokens.flatMap((t) => {
    const cut = gluedNumberEnd(t.norm);
    if (cut < 0) return [t];
    const at = t.start + cut;
    return [
      { text: t.text.slice(0, cut), norm: t.norm.slice(0, cut), start: t.start, end: at },
      { text: t.text.slice(cut), norm: t.norm.slice(cut), start: at, end: t.end },
    ];
  });
}

function fillerKinds(tokens: Token[]): Array<FillerKind | null> {
  const norms = tokens.map((t) => t.norm);
  const kinds: Array<FillerKind | null> = tokens.map(() => null);
  for (let i = 0; i < tokens.length; i++) {
    const filler = fillerAt(norms, i);
    if (!filler) continue;
    for (let k = 0; k < filler.length; k++) kinds[i + k] = filler.kind;
    i += filler.length - 1;
  }
  return kinds;
}

/** « …, à Yop », « 2 savons à Cocody Angré »: capitalised words after « à » that end the piece. */
function barePlace(draft: Draft, tokens: Token[], kinds: Array<FillerKind | null>): string | null {
  const kept = tokens.map((_, i) => i).filter((i) => !kinds[i]);
  for (let k = 0; k < kept.length - 1; k++) {
    const at = kept[k]!;
    if (!PLACE_WORDS.has(tokens[at]!.text.toLowerCase())) continue;
    const before = tokens[kept[k - 1] ?? -1];
    if (before && (WORDS_BEFORE_A.has(before.norm) || /^\d/.test(before.norm))) continue;
    const rest = kept.slice(k + 1).map((i) => tokens[i]!);
    const article = ['la', 'le', 'les', 'l'].includes(rest[0]!.norm) ? 1 : 0;
    const named = rest.slice(article);
    if (!named.length || named.length > 5) continue;
    if (!named.every((t) => isCapitalised(t.text) || /^\d+\p{L}*$/u.test(t.text))) continue;
    if (!isCapitalised(named[0]!.text)) continue;
    const place = draft.text.slice(rest[0]!.start, rest[rest.length - 1]!.end);
    for (const i of kept.slice(k)) kinds[i] = 'hard';
    return place;
  }
  return null;
}

function split(tokens: Token[], kinds: Array<FillerKind | null>): Item[] {
  const norms = tokens.map((t) => t.norm);
  const items: Item[] = [];
  let current: Item = { quantity: null, tokens: [], words: [] };
  const flush = () => {
    if (current.words.length || current.quantity !== null) items.push(current);
    current = { quantity: null, tokens: [], words: [] };
  };
  const firstKept = kinds.findIndex((k) => !k);
  const postfix = firstKept >= 0 && !readLeadQuantity(norms, firstKept);
  for (let i = 0; i < tokens.length; i++) {
    if (kinds[i] === 'soft') continue;
    if (kinds[i] === 'hard') {
      // « une commande : 6 savons »: a number before « commande », « je veux »… is not the next item’s.
      if (current.words.length) flush();
      else current = { quantity: null, tokens: [], words: [] };
      continue;
    }
    const norm = norms[i]!;
    if (HARD_LINKS.has(norm) || (SOFT_LINKS.has(norm) && readLeadQuantity(norms, i + 1))) {
      if (current.words.length) flush();
      continue;
    }
    const trail = readTrailQuantity(norms, i);
    const lead = trail ? null : readLeadQuantity(norms, i, !current.words.length);
    const q = trail ?? lead;
    if (!q) {
      current.words.push(i);
      current.tokens.push(i);
      continue;
    }
    const span = Array.from({ length: q.length }, (_, k) => i + k);
    if (
      lead &&
      !postfix &&
      current.quantity !== null &&
      current.words.length &&
      isLast(kinds, i + q.length)
    ) {
      // « 1 coco 50 »: a quantity already said, a number closing the item is part of its name.
      current.words.push(...span);
      current.tokens.push(...span);
      i += q.length - 1;
      continue;
    }
    i += q.length - 1;
    if (current.words.length && current.quantity === null && (trail || postfix)) {
      // Written after the product: « savon kaola x3 », « savon kaola 3 ».
      current.quantity = q.value;
      current.tokens.push(...span);
      flush();
      continue;
    }
    if (current.words.length) flush();
    current.quantity ??= q.value;
    current.tokens.push(...span);
  }
  flush();
  return items;
}

const isLast = (kinds: Array<FillerKind | null>, from: number) => kinds.slice(from).every((k) => k);

function classify(reading: Reading, tokens: Token[], item: Item): void {
  const { draft, out, implicit, variantOf } = reading;
  const all = [...item.tokens].sort((a, b) => a - b);
  if (!all.length) return;
  const start = tokens[all[0]!]!.start;
  const raw = sourceOf(draft, start, tokens[all[all.length - 1]!]!.end);
  const previous = out.lines[out.lines.length - 1];
  const said = item.words.map((i) => tokens[i]!);
  if (previous && isOptionOnly(said)) {
    const option = phraseOf(draft, tokens, item.words);
    // « un boubou brodé, taille L »: the size of the item before.
    if (item.quantity === null) previous.phrase = `${previous.phrase} ${option}`;
    else {
      // « 2 boubous taille M et 1 en L »: the product before, in another size.
      const { parent, base } = variantOf.get(previous) ?? {
        parent: previous,
        base: previous.phrase.replace(OPTION_AT_END, ''),
      };
      const line = { quantity: item.quantity, phrase: `${base} ${option}`, raw };
      variantOf.set(line, { parent, base });
      out.lines.push(line);
    }
    return;
  }
  const words = [...item.words];
  while (words.length && LEADING_WORDS.has(tokens[words[0]!]!.norm)) words.shift();
  while (words.length && TRAILING_WORDS.has(tokens[words[words.length - 1]!]!.norm)) words.pop();
  const norms = words.map((i) => tokens[i]!.norm);
  if (!norms.length || norms.every((n) => EMPTY_WORDS.has(n) || (n.length < 2 && !/\d/.test(n)))) {
    // « Le riz parfumé, j’en veux 2 »: a quantity alone is for the item before it.
    if (item.quantity !== null && previous && implicit.has(previous)) {
      previous.quantity = item.quantity;
      previous.raw = sourceOf(draft, implicit.get(previous)!, tokens[all[all.length - 1]!]!.end);
      implicit.delete(previous);
    }
    return;
  }
  if (item.quantity === null && norms.some((n) => NOTE_WORDS.has(n))) {
    out.notes.push({ at: start, text: raw });
    return;
  }
  const line = { quantity: item.quantity ?? 1, phrase: phraseOf(draft, tokens, words), raw };
  if (item.quantity === null) implicit.set(line, start);
  out.lines.push(line);
}

const OPTION_WORDS = new Set(['taille', 'pointure', 'couleur', 'en', 't']);
const SIZE_CODE = /^(?:x{0,3}[sml]|xxl|\d{2})$/i;
/** The size or colour ending a phrase: « taille M », « couleur marron », « M ». */
const OPTION_AT_END = /\s+(?:(?:taille|pointure|couleur|en|t)\s+\S+|\S{1,3})$/i;

const COLOURS = new Set(
  'noir noire blanc blanche rouge bleu bleue vert verte jaune marron rose gris grise beige violet dore argente'.split(
    ' ',
  ),
);

function isOptionOnly(words: Token[]): boolean {
  const [first] = words;
  if (!first || words.length > 3) return false;
  if (words.length === 1) {
    return COLOURS.has(first.norm) || (SIZE_CODE.test(first.text) && first.text !== first.text.toLowerCase());
  }
  return OPTION_WORDS.has(first.norm);
}

const sourceOf = (draft: Draft, start: number, end: number) =>
  draft.source.slice(start, end).replace(/\s+/g, ' ').trim();

/** The words as written, runs of neighbouring words kept whole (« l’huile de coco »). */
function phraseOf(draft: Draft, tokens: Token[], words: number[]): string {
  const runs: string[] = [];
  let runStart = words[0]!;
  for (let k = 1; k <= words.length; k++) {
    const prev = words[k - 1]!;
    if (k < words.length && words[k] === prev + 1) continue;
    runs.push(draft.text.slice(tokens[runStart]!.start, tokens[prev]!.end));
    runStart = words[k]!;
  }
  return runs.join(' ');
}
