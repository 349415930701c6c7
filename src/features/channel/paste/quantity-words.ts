/**
 * Quantities as customers write them: « 2 », « deux », « x3 », « 3x », « une douzaine de »,
 * « ñaar » (Wolof), « 2 paquets de », « 2 kg d’ ». Works on folded words (lower case, no accents:
 * « ñaar » is « naar »).
 */

const numbers = (list: string) =>
  Object.fromEntries(list.split(/\s+/).map((pair) => [pair.split('=')[0]!, Number(pair.split('=')[1])]));
const FRENCH: Record<string, number> = numbers(
  `un=1 une=1 deux=2 trois=3 quatre=4 cinq=5 six=6 sept=7 huit=8 neuf=9 dix=10 onze=11 douze=12 treize=13
  quatorze=14 quinze=15 seize=16 vingt=20 trente=30 quarante=40 cinquante=50 soixante=60 cent=100`,
);
const WOLOF: Record<string, number> = numbers(
  'benn=1 naar=2 niaar=2 nyaar=2 nar=2 nett=3 niett=3 nyett=3 neent=4 nient=4 nyeent=4 juroom=5 jurom=5 fukk=10 fuk=10',
);

/** Units that, after a number, name a size (« huile 50 cl »), not how many. */
const SIZE_UNITS = new Set('cl ml g gr gramme grammes cm mm ans an mois pouces w v mah go'.split(' '));
/** Units that are a quantity when « de » follows (« 2 kg d’attiéké »), a size otherwise (« attiéké 1 kg »). */
const MEASURES = new Set('kg kilo kilos l litre litres yard yards yds yd m metre metres'.split(' '));
/** Containers and counters: « 2 paquets de savon » is 2 of « savon ». */
const COUNTERS = new Set(
  `piece pieces pcs pc pces unite unites exemplaire exemplaires paquet paquets sachet sachets bouteille
  bouteilles pot pots boite boites bidon bidons tas carton cartons paire paires`.split(/\s+/),
);
const CURRENCIES = new Set('f fcfa cfa franc francs fr frs xof'.split(' '));
/** « taille 42 », « pointure 40 », « n° 3 », « villa 123 »: the number belongs to the words before. */
const SIZE_MARKERS = new Set(
  `taille pointure t n no numero num ref reference modele size villa lot rue porte cite residence batiment
  immeuble appt appartement etage zone tranche secteur`.split(/\s+/),
);

export interface Quantity {
  value: number;
  /** How many words it takes, counters and « de » included. */
  length: number;
}

const isOf = (norm: string | undefined) => norm === 'de' || norm === 'd' || norm === 'du' || norm === 'des';
const MAX = 999;

function numberWord(norms: readonly string[], i: number): Quantity | null {
  const w = norms[i] ?? '';
  const next = norms[i + 1];
  if (w === 'juroom' || w === 'jurom') {
    const extra = next ? WOLOF[next] : undefined;
    return extra && extra < 5 ? { value: 5 + extra, length: 2 } : { value: 5, length: 1 };
  }
  if (w === 'dix' && next && ['sept', 'huit', 'neuf'].includes(next))
    return { value: 10 + FRENCH[next]!, length: 2 };
  const base = FRENCH[w] ?? WOLOF[w];
  if (base === undefined) return null;
  if (base >= 20 && base < 100) {
    const andUnit = next === 'et' ? norms[i + 2] : next;
    const unit = andUnit ? FRENCH[andUnit] : undefined;
    if (unit !== undefined && unit < 10) return { value: base + unit, length: next === 'et' ? 3 : 2 };
  }
  return { value: base, length: 1 };
}

/** Counters, « douzaine » and « de » after a number. */
function extend(norms: readonly string[], i: number, q: Quantity): Quantity {
  let at = i + q.length;
  const dozen = norms[at] === 'douzaine' || norms[at] === 'douzaines';
  if (!dozen && !COUNTERS.has(norms[at] ?? '')) return q;
  at++;
  if (isOf(norms[at])) at++;
  return { value: dozen ? q.value * 12 : q.value, length: at - i };
}

/** Measures spelled out count as a quantity before the product: « ñett kilo gari », « 2 litres bissap ». */
const SPELLED_MEASURES = new Set(['kilo', 'kilos', 'litre', 'litres', 'yard', 'yards', 'metre', 'metres']);

/**
 * A quantity written before the product, starting at `norms[i]`. After the product's first words
 * (`first` false), a measure is its size: « huile de palme 1 litre ».
 */
export function readLeadQuantity(norms: readonly string[], i: number, first = true): Quantity | null {
  const w = norms[i] ?? '';
  const next = norms[i + 1] ?? '';
  const dozenNext = (at: number) => norms[at] === 'douzaine' || norms[at] === 'douzaines';
  if (w === 'demi' && dozenNext(i + 1)) return { value: 6, length: isOf(norms[i + 2]) ? 3 : 2 };
  if ((w === 'une' || w === 'un') && next === 'demi' && dozenNext(i + 2))
    return { value: 6, length: isOf(norms[i + 3]) ? 4 : 3 };
  if (w === 'douzaine') return { value: 12, length: isOf(next) ? 2 : 1 };
  let m = /^(\d+)x$/.exec(w);
  if (m) return bounded(Number(m[1]), 1);
  m = /^(\d+)(\p{L}+)$/u.exec(w);
  if (m) return MEASURES.has(m[2]!) && isOf(next) ? bounded(Number(m[1]), 2) : null;
  if (/^\d+$/.test(w)) {
    if (SIZE_MARKERS.has(norms[i - 1] ?? '') || SIZE_UNITS.has(next) || CURRENCIES.has(next)) return null;
    if (MEASURES.has(next)) {
      if (isOf(norms[i + 2])) return bounded(Number(w), 3);
      if (first && SPELLED_MEASURES.has(next)) return bounded(Number(w), 2);
      // « 1 M, 1 L » before any product word are sizes; « bissap 1 L » is a litre.
      return first && next.length === 1 ? bounded(Number(w), 1) : null;
    }
    if (next === 'x') return bounded(Number(w), 2);
    const q = bounded(Number(w), 1);
    return q && extend(norms, i, q);
  }
  const word = numberWord(norms, i);
  if (!word) return null;
  const after = norms[i + word.length] ?? '';
  if (MEASURES.has(after)) {
    if (isOf(norms[i + word.length + 1])) return { value: word.value, length: word.length + 2 };
    return first && SPELLED_MEASURES.has(after) ? { value: word.value, length: word.length + 1 } : null;
  }
  return extend(norms, i, word);
}

/** A quantity written after the product: « savon x3 », « savon x 3 ». */
export function readTrailQuantity(norms: readonly string[], i: number): Quantity | null {
  const w = norms[i] ?? '';
  const m = /^x(\d+)$/.exec(w);
  if (m) return bounded(Number(m[1]), 1);
  if (w === 'x' && /^\d+$/.test(norms[i + 1] ?? '')) return bounded(Number(norms[i + 1]), 2);
  return null;
}

/** « 2savons » written glued: where the number ends, or -1 when the letters are a unit (« 50cl »). */
export function gluedNumberEnd(norm: string): number {
  const m = /^(\d+)(\p{L}{3,})$/u.exec(norm);
  if (!m || SIZE_UNITS.has(m[2]!) || MEASURES.has(m[2]!)) return -1;
  return m[1]!.length;
}

function bounded(value: number, length: number): Quantity | null {
  return value >= 1 && value <= MAX ? { value, length } : null;
}
