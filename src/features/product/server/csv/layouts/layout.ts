// What every layout hands the import: products as groups of rows in our own terms, so the one
// plan (plan-import.ts) checks and writes a Shopify export exactly as it does our own file.
import { unguardFormula, type CsvRecord, type Currency } from '@/server/csv';
import { normalizeForSearch } from '@/shared/search';
import type { CsvImportError, ImportLayoutId } from '../../../product-csv.schemas';
import type { Column } from '../columns';

/** One variant's row: the file line it comes from, and its cells in our format's words. */
export interface Row {
  line: number;
  /** Trimmed, without the formula guard; our conventions (« oui », « active », « A > B »). */
  cell: (column: Column) => string;
}

/** One product of the file. */
export interface ImportGroup {
  /** The line holding the product's own fields (WooCommerce: the parent row, not a variation). */
  productLine: number;
  /** One per variant, in the file's order; the first carries the product's fields. */
  rows: Row[];
  /** Image addresses the file gives for it: never fetched, reported. */
  imageUrls: string[];
  /** What the layout itself could not read in its rows: the product is skipped, as for a bad cell. */
  problems: CsvImportError[];
}

export interface LayoutReading {
  groups: ImportGroup[];
  /** Rows that belong to no product (a variation without its parent…): listed, counted as skipped. */
  rejected: CsvImportError[];
  /** What the layout read differently from the file, for the preview. */
  notes: string[];
  /** The file's column behind one of our fields on a line, to name it in errors. */
  label: (column: Column, line: number) => string;
}

export type AmountReader = (raw: string, currency: Currency) => { value: number } | { error: string };

/** A file format the import recognises by its header. */
export interface ImportLayout {
  id: ImportLayoutId;
  matches: (header: Header) => boolean;
  read: (header: Header, records: CsvRecord[]) => LayoutReading;
  readAmount: AmountReader;
}

/** Header names compared as people write them: accents, case, spaces and apostrophes aside. */
export function headerKey(title: string): string {
  return normalizeForSearch(title.replace(/[’‘`]/g, "'"));
}

/** The file's header row: where each column is, by any of its names. */
export class Header {
  private readonly index = new Map<string, number>();
  constructor(readonly titles: string[]) {
    titles.forEach((title, i) => {
      const key = headerKey(title);
      if (key && !this.index.has(key)) this.index.set(key, i);
    });
  }
  /** The position of the first of `names` the file has, or undefined. */
  find(...names: string[]): number | undefined {
    for (const name of names) {
      const i = this.index.get(headerKey(name));
      if (i !== undefined) return i;
    }
    return undefined;
  }
  has(...names: string[]): boolean {
    return this.find(...names) !== undefined;
  }
  /** The column's title as the file writes it (for the report), or `fallback`. */
  title(names: string[], fallback = names[0]!): string {
    const i = this.find(...names);
    return i === undefined ? fallback : this.titles[i]!.trim();
  }
  /** A record's cell reader: by any of a column's names; '' when the file has none of them. */
  reader(record: CsvRecord): (...names: string[]) => string {
    return (...names) => {
      const i = this.find(...names);
      return i === undefined ? '' : unguardFormula(record.fields[i] ?? '').trim();
    };
  }
}

/** A row whose cells are computed once from the record. */
export function rowOf(line: number, cells: Partial<Record<Column, string>>): Row {
  return { line, cell: (column) => cells[column] ?? '' };
}

/** Records grouped by a key (Shopify's and Loyverse's Handle), in the order keys first appear. */
export function groupByKey<T>(items: T[], keyOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()];
}

/** « 250.0 » (how some exports write whole numbers) as « 250 »; anything else as is, to be refused. */
export function wholeText(raw: string): string {
  return /^-?\d+[.,]0+$/.test(raw) ? raw.replace(/[.,]0+$/, '') : raw;
}

/** A weight in some unit as whole grams (« 0.25 » kg → « 250 »); unreadable text is kept to be refused. */
export function gramsText(raw: string, gramsPerUnit: number): string {
  if (!/^\d+([.,]\d+)?$/.test(raw)) return raw;
  return String(Math.round(Number(raw.replace(',', '.')) * gramsPerUnit));
}

const BLOCK_TAG = /<\/?(p|br|ul|ol|li|h[1-6]|div|blockquote)\b/i;

/**
 * Plain text as the description's HTML: paragraphs on blank lines, line breaks kept, < and &
 * escaped. Text already holding HTML blocks is HTML: it goes to the sanitiser as it is.
 */
export function textToHtml(text: string): string {
  if (!text.trim() || BLOCK_TAG.test(text)) return text.trim();
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${escape(paragraph.trim()).replace(/\r?\n/g, '<br />')}</p>`)
    .join('');
}

/** Distinct non-empty addresses, in order. */
export function distinctUrls(urls: string[]): string[] {
  return [...new Set(urls.map((u) => u.trim()).filter(Boolean))];
}
