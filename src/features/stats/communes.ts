/*
 * Communes as « Par commune » counts them. A delivery address's commune is typed by hand, so one
 * commune comes in several spellings (« Médina », « medina », « Grand-Yoff », « grand  yoff »): the
 * roll-up keeps each spelling (spaces tidied), and the report puts together the spellings that only
 * differ by case, accents, hyphens or spaces, under the spelling most of their orders carry. Names
 * that differ otherwise (« Plateau », « Dakar-Plateau ») stay apart: no list of communes is assumed.
 */

/** The row of the orders without a delivery address (till sales, orders taken on the spot). */
export const NO_COMMUNE_KEY = 'sans-adresse';
export const NO_COMMUNE_LABEL = 'Sans adresse de livraison';

/**
 * A commune as the roll-up keeps it: trimmed, every run of spaces (or of control characters,
 * which would break a roll-up key) made one space. '' for none.
 */
export function communeSpelling(raw: string): string {
  // eslint-disable-next-line no-control-regex
  return raw.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
}

/**
 * The key the spellings of one commune share: lower case, without accents nor ligatures, hyphens
 * and apostrophes as spaces. `NO_COMMUNE_KEY` for none.
 */
export function communeKey(raw: string): string {
  const key = communeSpelling(raw)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('fr')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[\s\-‐‑–—'’]+/g, ' ')
    .trim();
  return key || NO_COMMUNE_KEY;
}
