import { LRUCache } from 'lru-cache';
import sharp from 'sharp';

/*
 * The « carte Statut »'s text: measured with the renderer that draws it (sharp's Pango, DejaVu Sans
 * Bold), wrapped and shrunk to fit, escaped for the SVG.
 */

export const FONT_FAMILY = 'DejaVu Sans';

// DejaVu Sans Bold metrics, in em.
export const CAP_HEIGHT = 0.73;
export const DESCENT = 0.24;
const SPACE = 0.348;
/** Pango reports a string's ink, without the side bearings its advance includes. */
const BEARINGS = 0.08;
const ELLIPSIS = '…';

/** Widths are measured once at this size (in px) and scaled: text metrics are linear in size. */
const REFERENCE_SIZE = 100;
const widths = new LRUCache<string, number>({ max: 5_000 });

/** XML 1.0 refuses these even escaped: one in a product name would make librsvg reject the card. */
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * Width of a run of bold text at REFERENCE_SIZE, in px, measured by rendering it with Pango: the
 * same engine (and font lookup) librsvg uses for the SVG, so accents, capitals and wide glyphs
 * wrap where they really end, which a per-character estimate gets wrong by a word or more.
 */
async function referenceWidth(text: string): Promise<number> {
  const known = widths.get(text);
  if (known !== undefined) return known;
  let width: number;
  try {
    const { width: ink = 0 } = await sharp({
      text: { text: escapeXml(text), font: `${FONT_FAMILY} Bold ${REFERENCE_SIZE}`, dpi: 72 },
    }).metadata();
    width = ink + BEARINGS * REFERENCE_SIZE;
  } catch {
    // Pango refuses a string with nothing to draw (a zero-width character alone): an estimate will do.
    width = [...text].length * 0.62 * REFERENCE_SIZE;
  }
  widths.set(text, width);
  return width;
}

export async function textWidth(text: string, size: number): Promise<number> {
  return ((await referenceWidth(text)) * size) / REFERENCE_SIZE;
}

async function lineWidth(words: string[], size: number): Promise<number> {
  const each = await Promise.all(words.map((w) => textWidth(w, size)));
  return each.reduce((sum, w) => sum + w, 0) + Math.max(0, words.length - 1) * SPACE * size;
}

/** The longest prefix of a word that fits (at least one character, so wrapping always advances). */
async function fittingPrefix(word: string, size: number, maxWidth: number, suffix = ''): Promise<string> {
  const chars = [...word];
  let low = 1;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if ((await textWidth(chars.slice(0, mid).join('') + suffix, size)) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return chars.slice(0, low).join('');
}

/** The line cut until « … » fits after it, at a word boundary when one is left. */
async function withEllipsis(words: string[], size: number, maxWidth: number): Promise<string> {
  const kept = [...words];
  const ellipsis = await textWidth(ELLIPSIS, size);
  while (kept.length > 1 && (await lineWidth(kept, size)) + ellipsis > maxWidth) kept.pop();
  // « Dakar,… » reads as a typo: the punctuation the cut left at the end goes.
  const line = kept.join(' ').replace(/[\s,;:.\-–—]+$/u, '') || kept.join(' ');
  if ((await lineWidth(kept, size)) + ellipsis <= maxWidth) return line + ELLIPSIS;
  return (await fittingPrefix(line, size, maxWidth, ELLIPSIS)) + ELLIPSIS;
}

interface Wrapped {
  lines: string[];
  /** Lines were left out, the last one ends with « … ». */
  truncated: boolean;
  /** A word too wide for a line was cut in two. */
  cut: boolean;
}

/**
 * Words, with what must not start a line glued to the word before: a unit after its number
 * (« 1 L », « 500 g ») and French punctuation set apart by a space (« prix : », « promo ! »).
 */
function tokens(text: string): string[] {
  const out: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const previous = out.at(-1);
    const unit = previous !== undefined && /^\d[\d.,]*$/.test(previous) && [...word].length <= 3;
    const punctuation = /^[:;!?»%]+$/.test(word) || previous?.endsWith('«');
    if (previous !== undefined && (unit || punctuation)) out[out.length - 1] = `${previous} ${word}`;
    else out.push(word);
  }
  return out;
}

/** Greedy word wrap; a word wider than the line is cut (a 30-letter reference, a pasted URL). */
async function greedyWrap(
  words: string[],
  size: number,
  maxWidth: number,
  maxLines: number,
): Promise<Wrapped> {
  const queue = [...words];
  const lines: string[][] = [];
  let current: string[] = [];
  let cut = false;
  while (queue.length > 0) {
    const word = queue.shift()!;
    if ((await lineWidth([...current, word], size)) <= maxWidth) {
      current.push(word);
      continue;
    }
    if (current.length === 0) {
      const head = await fittingPrefix(word, size, maxWidth);
      if (head.length < word.length) queue.unshift(word.slice(head.length));
      cut = true;
      current.push(head);
    } else queue.unshift(word);
    lines.push(current);
    current = [];
    if (lines.length === maxLines) {
      const last = lines.pop()!;
      const shown = [...lines.map((l) => l.join(' ')), await withEllipsis(last, size, maxWidth)];
      return { lines: shown, truncated: true, cut };
    }
  }
  if (current.length > 0) lines.push(current);
  return { lines: lines.map((l) => l.join(' ')), truncated: false, cut };
}

/**
 * Wrapped in as few lines as greedy wrapping needs, but with lines of even length: greedy alone
 * leaves a lone last word under two full lines, which reads as a mistake on a poster.
 */
export async function wrap(text: string, size: number, maxWidth: number, maxLines: number): Promise<Wrapped> {
  const words = tokens(text);
  const greedy = await greedyWrap(words, size, maxWidth, maxLines);
  const count = greedy.lines.length;
  if (greedy.truncated || greedy.cut || count < 2) return greedy;
  let best = greedy;
  let low = maxWidth / count;
  let high = maxWidth;
  // Word widths are cached: each step only adds them up again.
  for (let step = 0; step < 8 && high - low > 4; step++) {
    const width = (low + high) / 2;
    const attempt = await greedyWrap(words, size, width, maxLines);
    if (!attempt.truncated && !attempt.cut && attempt.lines.length === count) {
      best = attempt;
      high = width;
    } else low = width;
  }
  return best;
}

/** One line of text, shrunk down to `minSize` to fit, then cut with « … ». */
export async function fitLine(text: string, size: number, minSize: number, maxWidth: number) {
  const clean = text.trim().replace(/\s+/g, ' ');
  let fitted = size;
  const width = await textWidth(clean, size);
  if (width > maxWidth) fitted = Math.max(minSize, Math.floor((size * maxWidth) / width));
  if ((await textWidth(clean, fitted)) <= maxWidth) return { text: clean, size: fitted };
  return { text: (await wrap(clean, fitted, maxWidth, 1)).lines[0] ?? '', size: fitted };
}
