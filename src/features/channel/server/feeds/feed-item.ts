/**
 * One line of a product feed (a variant, or a product without variants) as both the Meta and the
 * Google writers read it, and the helpers they share, so the two feeds and the checker agree on
 * what is sent.
 */
export interface FeedItem {
  /** The variant's id: unique in the feed. */
  id: string;
  /** The product's id when it has several variants (Meta item_group_id / Google item_group_id), else null. */
  itemGroupId: string | null;
  productId: string;
  /** Product name, plus « — M / Rouge » for a variant. */
  title: string;
  /** Plain text, HTML already removed by the caller (may be ''). */
  description: string;
  isInStock: boolean;
  /** Minor units of `currency` (XOF and XAF have none: 12500 means 12 500 FCFA). */
  price: number;
  /** Lower than price (a channel price or an automatic discount), else null. */
  salePrice: number | null;
  currency: string; // ISO 4217, e.g. 'XOF'
  /** Absolute https URL of the product page. */
  link: string;
  /** Absolute URL of the main image, or null. */
  imageLink: string | null;
  additionalImageLinks: string[];
  /** Pixel size of the main image when known, for the checker. */
  imageWidth: number | null;
  imageHeight: number | null;
  brand: string | null;
  /** A barcode that is a valid GTIN (8, 12, 13 or 14 digits, check digit right), else null. */
  gtin: string | null;
  /** The SKU, else null. */
  mpn: string | null;
  /** The category path, « Mode > Boubous », or null. */
  productType: string | null;
  /** Option values by name when a variant, e.g. { Taille: 'M', Couleur: 'Rouge' }. */
  options: Record<string, string>;
}

export type FeedPlatform = 'meta' | 'google';

/** What each platform accepts, from their published specifications. */
export const FEED_LIMITS = {
  meta: { title: 200, description: 9999, brand: 100, additionalImages: 20 },
  google: { title: 150, description: 5000, brand: 70, mpn: 70, additionalImages: 10, productType: 750 },
  attribute: 100, // size, color
} as const;

const fractionDigits = new Map<string, number>();

/** « 12500 XOF », « 19.99 EUR »: major units, a dot, no grouping, as both platforms parse prices. */
export function feedPrice(amount: number, currency: string): string {
  let digits = fractionDigits.get(currency);
  if (digits === undefined) {
    // Building a formatter is costly; one look-up per currency for a feed of thousands of prices.
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits as number;
    fractionDigits.set(currency, digits);
  }
  // Integer arithmetic: dividing 1999 by 100 as a float could print 19.990000000000002.
  const minor = Math.round(Math.abs(amount));
  const scale = 10 ** digits;
  const major = Math.floor(minor / scale);
  const fraction = digits ? `.${String(minor % scale).padStart(digits, '0')}` : '';
  return `${amount < 0 && minor > 0 ? '-' : ''}${major}${fraction} ${currency}`;
}

/**
 * A GTIN Google accepts: 8, 12, 13 or 14 digits with the right check digit, and outside the
 * ranges GS1 keeps for in-store, restricted and coupon codes. The prefixes matter here: the
 * back-office generates in-store EAN-13 codes (20–29, see @/shared/barcode) whose check digit is
 * right but which Google disapproves as « restricted GTIN ».
 */
export function isValidGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code) || /^0+$/.test(code)) return false;
  let sum = 0;
  // Weights 3, 1, 3… from the digit left of the check digit, whatever the length.
  for (let i = code.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(code[i]) * weight;
  if ((10 - (sum % 10)) % 10 !== Number(code[code.length - 1])) return false;
  if (code.length === 8) return !/^[02]/.test(code);
  // Compared as a GTIN-13: a UPC-A is one with a leading 0, a GTIN-14 one behind its indicator digit.
  const gtin13 = code.length === 12 ? `0${code}` : code.length === 14 ? code.slice(1) : code;
  return !/^(2|0[245]|98[1-4]|99)/.test(gtin13);
}

/** The item's GTIN when a platform would take it: a bad one costs the whole item at Google. */
export function feedGtin(item: FeedItem): string | null {
  return item.gtin && isValidGtin(item.gtin) ? item.gtin : null;
}

/** A sale price both platforms accept: positive and below the price, else none is sent. */
export function feedSalePrice(item: FeedItem): number | null {
  const { salePrice, price } = item;
  return salePrice !== null && salePrice > 0 && salePrice < price ? salePrice : null;
}

/**
 * Characters XML 1.0 forbids (C0 controls but tab and line breaks, U+FFFE/U+FFFF, lone surrogate
 * halves), and DEL/C1 controls which it allows but which only come from pasted garbage: one of
 * them makes Google reject the whole file, not just the item.
 */
const UNSENDABLE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// Any control or surrogate: a quick scan, as most texts hold none and the full pattern costs more.
// eslint-disable-next-line no-control-regex -- as above
const SUSPECT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Text with the characters above removed. */
export function feedText(text: string): string {
  return SUSPECT.test(text) ? text.replace(UNSENDABLE, '') : text;
}

/** A one-line text (title, brand…): a line break there would show as such in an ad. */
export function feedLine(text: string | null): string {
  return text ? feedText(text).replace(/\s+/g, ' ').trim() : '';
}

/** Characters as the platforms count them: code points, so an emoji counts once. */
export function charCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdbff) count++;
  }
  return count;
}

const graphemes = new Intl.Segmenter('fr', { granularity: 'grapheme' });

/**
 * At most `max` characters, never splitting an emoji or a letter from its accent, and back to
 * the last space when that loses little, so a cut title does not end mid-word.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text; // UTF-16 length bounds the count from above: nothing to cut
  let cut = '';
  let count = 0;
  for (const { segment } of graphemes.segment(text)) {
    const size = charCount(segment);
    if (count + size > max) break;
    cut += segment;
    count += size;
  }
  const space = cut.lastIndexOf(' ');
  if (space > cut.length * 0.85) cut = cut.slice(0, space);
  return cut.trimEnd();
}

const SIZE_NAMES = new Set(['taille', 'pointure', 'size']);
const COLOR_NAMES = new Set(['couleur', 'coloris', 'color', 'colour']);

function optionKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
}

/** The variant's size and colour for the platforms' own attributes ('' when it has none). */
export function sizeAndColor(options: Record<string, string>): { size: string; color: string } {
  let size = '';
  let color = '';
  for (const [name, value] of Object.entries(options)) {
    const key = optionKey(name);
    if (!size && SIZE_NAMES.has(key)) size = cutText(feedLine(value), FEED_LIMITS.attribute);
    else if (!color && COLOR_NAMES.has(key)) color = cutText(feedLine(value), FEED_LIMITS.attribute);
  }
  return { size, color };
}

/** The description a platform receives: the title when there is none, as both require one. */
export function feedDescription(item: FeedItem, title: string, max: number): string {
  const description = feedText(item.description).trim();
  return description ? cutText(description, max) : title;
}
