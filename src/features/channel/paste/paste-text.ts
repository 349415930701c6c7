/**
 * The text being parsed, cut piece by piece: each detail found (a phone, a place, a name…) is
 * blanked out by a line break padded to the same length, so every position still points into what
 * the customer wrote, and what is left falls apart into separate pieces at the cuts.
 */

export interface Token {
  /** As written. */
  text: string;
  /** Lower case, without accents. */
  norm: string;
  start: number;
  end: number;
}

const APOSTROPHES = /['’‘ʼ`´]/;

/**
 * Lower case without accents, apostrophes all typographic, one character for one: positions found
 * by a pattern in the folded text are positions in the original.
 */
export function fold(text: string): string {
  let out = '';
  for (const ch of text) {
    if (ch.length > 1 || /[a-z0-9\s]/.test(ch)) {
      out += ch;
      continue;
    }
    if (APOSTROPHES.test(ch)) {
      out += '’';
      continue;
    }
    const base = ch.normalize('NFD')[0] ?? ch;
    const lower = base.toLowerCase();
    out += lower.length === 1 ? lower : ch;
  }
  return out;
}

/** Invisible marks out, no-break spaces made plain, « × » as « x »: WhatsApp copies carry all three. */
export function prepare(input: string): string {
  return (
    input
      .normalize('NFC')
      .replace(/[\u200b-\u200f\u202a-\u202e\u2060\ufeff]/g, '')
      .replace(/[\u00a0\u202f\u2007\t]/g, ' ')
      .replace(/×/g, 'x')
      .replace(/\r\n?/g, '\n')
      // Runs of blanks cost the patterns time and say nothing.
      .replace(/ {2,}/g, ' ')
      .replace(/\n{3,}/g, '\n\n')
  );
}

export class Draft {
  /** The message as pasted, never cut: what items show as their source. */
  readonly source: string;
  text: string;
  folded: string;

  constructor(text: string) {
    this.source = text;
    this.text = text;
    this.folded = fold(text);
  }

  cut(start: number, end: number): void {
    if (end <= start) return;
    const blank = '\n'.padEnd(end - start, ' ');
    this.text = this.text.slice(0, start) + blank + this.text.slice(end);
    this.folded = this.folded.slice(0, start) + blank + this.folded.slice(end);
  }
}

// Codes such as « KAO-01 » stay one word; « envoyez-moi » is two.
const TOKEN =
  /(?=[\p{L}\p{N}-]*\p{L})(?=[\p{L}\p{N}-]*\d)[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+|\d+(?:[.,]\d+)?\p{L}*|[\p{L}\p{N}]+/gu;

export function tokenize(draft: Draft, from: number, to: number): Token[] {
  const tokens: Token[] = [];
  const piece = draft.text.slice(from, to);
  for (const m of piece.matchAll(TOKEN)) {
    const start = from + (m.index ?? 0);
    const end = start + m[0].length;
    tokens.push({ text: m[0], norm: draft.folded.slice(start, end), start, end });
  }
  return tokens;
}

const WORD = /[\p{L}\p{N}]+(?:['’‘ʼ-][\p{L}\p{N}]+)*/uy;

export interface Word extends Token {
  /** What follows the word before the next one: only spaces, or a stop (punctuation, line end). */
  closed: boolean;
}

/** The words from `at` on, until punctuation or a line break: the candidates for a name or a place. */
export function wordsFrom(draft: Draft, at: number, max = 8): Word[] {
  const words: Word[] = [];
  let i = at;
  while (words.length < max) {
    while (draft.text[i] === ' ') i++;
    WORD.lastIndex = i;
    const m = WORD.exec(draft.text);
    if (!m) break;
    const end = i + m[0].length;
    let next = end;
    while (draft.text[next] === ' ') next++;
    const closed = next >= draft.text.length || !/[\p{L}\p{N}]/u.test(draft.text[next] ?? '');
    words.push({ text: m[0], norm: draft.folded.slice(i, end), start: i, end, closed });
    if (closed) break;
    i = end;
  }
  return words;
}

export const isCapitalised = (word: string) => /^\p{Lu}/u.test(word);
