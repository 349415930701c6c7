/*
 * Places as people type them: addresses here have no postcode, a commune and a quartier are typed
 * by hand, so one place comes in several spellings (« Médina », « medina », « Grand-Yoff »,
 * « grand  yoff »). Statistics group them and delivery zones find them by the same key.
 */

/** Trimmed, every run of spaces (or of control characters, which would break a key) one space. */
export function placeSpelling(raw: string): string {
  // eslint-disable-next-line no-control-regex
  return raw.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
}

/**
 * The key the spellings of one place share: lower case, without accents nor ligatures, hyphens and
 * apostrophes as spaces; '' for none. Names that differ otherwise (« Plateau », « Dakar-Plateau »)
 * stay apart.
 */
export function placeKey(raw: string): string {
  return placeSpelling(raw)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('fr')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[\s\-‐‑–—'’]+/g, ' ')
    .trim();
}
