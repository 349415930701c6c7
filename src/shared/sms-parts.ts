/**
 * How many SMS a text costs, and a rewrite that keeps it in GSM-7.
 *
 * An SMS carries 140 bytes. In GSM-7 (the 7-bit alphabet of GSM 03.38) that is 160 characters; a
 * single character outside it switches the whole message to UCS-2, 2 bytes a character, so 70.
 * Longer messages are cut into parts that each lose 6 bytes to the header that joins them again
 * (153 septets, or 67 UCS-2 units), and every part is billed. French typography (’ « » and the
 * no-break spaces) and a few French letters (ê ç ô…) are outside GSM-7, so one of them can triple
 * the price of a message: the composer shows the exact count and offers `withoutAccents`.
 *
 * Pure and dependency-free: the composer counts as the user types, the server when it bills.
 */

export type SmsEncoding = 'gsm7' | 'ucs2';

export interface SmsParts {
  encoding: SmsEncoding;
  /** Septets in GSM-7 (an extension character takes 2), UTF-16 code units in UCS-2 (an emoji takes 2). */
  units: number;
  /** Parts the message is sent (and billed) as; 0 for an empty text. */
  parts: number;
  /** Units a part holds in the current regime: 160 or 153 in GSM-7, 70 or 67 in UCS-2. */
  perPart: number;
  /** Units still free in the last part. */
  left: number;
}

/*
 * The GSM 03.38 default alphabet in code order, 0x00 to 0x7F, 16 a line. 0x1B is the escape to
 * the extension table, not a character: it is left out (written `null`). The Greek capitals are
 * written as escapes because Latin lookalikes (A, B, E, H…) are not the same characters.
 */
const GSM7_CODE_ORDER: Array<string | null> = [
  ...'@£$¥èéùìòÇ\nØø\rÅå',
  ...'\u0394_\u03a6\u0393\u039b\u03a9\u03a0\u03a8\u03a3\u0398\u039e',
  null,
  ...'ÆæßÉ',
  ...' !"#¤%&\'()*+,-./',
  ...'0123456789:;<=>?',
  ...'¡ABCDEFGHIJKLMNO',
  ...'PQRSTUVWXYZÄÖÑÜ§',
  ...'¿abcdefghijklmno',
  ...'pqrstuvwxyzäöñüà',
];

const GSM7_BASIC: ReadonlySet<string> = new Set(GSM7_CODE_ORDER.filter((c): c is string => c !== null));

/** The extension table: each is sent as the escape 0x1B then its code, so it takes 2 septets. */
const GSM7_EXTENSION: ReadonlySet<string> = new Set(['\f', '^', '{', '}', '\\', '[', '~', ']', '|', '€']);

const GSM7_SINGLE = 160;
const GSM7_MULTI = 153;
const UCS2_SINGLE = 70;
const UCS2_MULTI = 67;

function isGsm7Char(char: string): boolean {
  return GSM7_BASIC.has(char) || GSM7_EXTENSION.has(char);
}

function isGsm7(text: string): boolean {
  // for…of walks code points: a character outside the BMP is never GSM-7, whole or half.
  for (const char of text) if (!isGsm7Char(char)) return false;
  return true;
}

/** GSM-7 when every character is in the default alphabet or its extension table, UCS-2 otherwise. */
export function smsEncoding(text: string): SmsEncoding {
  return isGsm7(text) ? 'gsm7' : 'ucs2';
}

/**
 * The exact number of parts, filling them as phones and gateways do: a character is never cut
 * between two parts. In GSM-7 an extension character (escape + code) that would leave its escape
 * alone at the end of a part goes wholly to the next one, which leaves that part at 152 septets;
 * in UCS-2 a surrogate pair (an emoji) is kept whole the same way, leaving a part at 66 units.
 * So the count is not ceil(units / 153) but a greedy fill, character by character.
 */
export function smsParts(text: string): SmsParts {
  const encoding = smsEncoding(text);
  const gsm = encoding === 'gsm7';
  // Units of each character, walked by code point so a surrogate pair is one character of 2 units.
  const sizes: number[] = [];
  for (const char of text) sizes.push(gsm ? (GSM7_EXTENSION.has(char) ? 2 : 1) : char.length);
  const units = sizes.reduce((sum, size) => sum + size, 0);

  const single = gsm ? GSM7_SINGLE : UCS2_SINGLE;
  if (units <= single) {
    return { encoding, units, parts: units === 0 ? 0 : 1, perPart: single, left: single - units };
  }

  const perPart = gsm ? GSM7_MULTI : UCS2_MULTI;
  let parts = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > perPart) {
      parts += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding, units, parts, perPart, left: perPart - used };
}

/*
 * What has no canonical decomposition to a GSM-7 letter but has a usual plain spelling: French
 * typography (apostrophes, guillemets, dashes, ellipsis), the ligature œ and the degree sign of
 * « n° ». Letters with an accent (ê ç Ô…) need no entry: the decomposition below finds them.
 */
const REPLACEMENTS: Readonly<Record<string, string>> = {
  '’': "'",
  '‘': "'",
  '‚': "'",
  '‛': "'",
  '‹': "'",
  '›': "'",
  '`': "'",
  '´': "'",
  '′': "'",
  '«': '"',
  '»': '"',
  '“': '"',
  '”': '"',
  '„': '"',
  '‟': '"',
  '″': '"',
  '…': '...',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '–': '-',
  '—': '-',
  '\u2015': '-',
  '\u2212': '-',
  '•': '-',
  // The middle dot of inclusive writing (« client·e·s ») is usually replaced by a full stop.
  '·': '.',
  œ: 'oe',
  Œ: 'OE',
  '°': 'o',
  '\t': ' ',
  '\u2028': '\n',
  '\u2029': '\n',
  // Invisible characters pasted from web pages or word processors: dropping them changes nothing
  // a reader sees. The zero-width joiner stays, it holds emoji sequences together.
  '\u00ad': '',
  '\u200b': '',
  '\u2060': '',
  '\ufeff': '',
};

/** Every Unicode space (no-break U+00A0, narrow no-break U+202F, thin, em…) reads as a space. */
const UNICODE_SPACE = /^\p{Zs}$/u;
/** Emoji, and the marks that make a digit or a symbol into one (U+FE0F, keycap U+20E3): kept whole. */
const EMOJI = /\p{Extended_Pictographic}|[\ufe0f\u20e3]/u;
const COMBINING_MARK = /\p{M}/u;

/** The GSM-7 spelling of one letter with its combining marks, or undefined when there is none. */
function gsm7Form(letter: string): string | undefined {
  const replacement = REPLACEMENTS[letter];
  if (replacement !== undefined) return replacement;
  if (UNICODE_SPACE.test(letter)) return ' ';
  if (EMOJI.test(letter)) return undefined;

  // A decomposed letter (e + U+0301, as some keyboards and macOS file names give) may be GSM-7 once composed.
  const composed = letter.normalize('NFC');
  if (isGsm7(composed)) return composed;

  // The same letter with fewer accents: drop the marks from the last, so « ǘ » gives « ü » (GSM-7)
  // before « u », and « ê » gives « e ».
  const [base = '', ...marks] = Array.from(letter.normalize('NFD'));
  if (!COMBINING_MARK.test(base)) {
    for (let kept = marks.length - 1; kept >= 0; kept -= 1) {
      const candidate = (base + marks.slice(0, kept).join('')).normalize('NFC');
      if (isGsm7(candidate)) return candidate;
    }
  }

  // Compatibility forms: ligatures (ﬁ), superscripts (m²), full-width letters, without their marks.
  const compatible = Array.from(letter.normalize('NFKD'))
    .filter((char) => !COMBINING_MARK.test(char))
    .join('');
  if (compatible !== '' && isGsm7(compatible)) return compatible;
  return undefined;
}

/**
 * The « sans accents » rewrite: replaces only what is outside GSM-7 by its closest GSM-7 form.
 * GSM-7 letters stay as they are (é è à ù Ç É ä ö ñ ü…): the message loses no accent it could keep.
 * French text always comes out GSM-7; what has no GSM-7 form (emoji, other scripts) is left as
 * written, and the count then still says UCS-2.
 */
export function withoutAccents(text: string): string {
  if (isGsm7(text)) return text;
  // One letter with the combining marks that follow it; marks at the very start stand alone.
  return text.replace(/\P{M}\p{M}*|\p{M}+/gu, (letter) => {
    if (isGsm7Char(letter)) return letter;
    return gsm7Form(letter) ?? letter;
  });
}

/**
 * The text as the gateway gets it. The characters our French typography adds (no-break spaces, ’)
 * are outside GSM-7: one of them turns a 160-character SMS into 70-character UCS-2 parts, billed
 * each. On a phone screen the plain space and apostrophe read the same, so SMS bodies are sent with
 * them — and counted so (`smsParts(smsText(body))`), in the composer as on the server.
 */
export function smsText(body: string): string {
  return body.replace(/[\u00a0\u202f]/g, ' ').replace(/[’‘]/g, "'");
}
