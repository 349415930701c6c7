// The import's cells: the words and numbers it reads in them, and each error put back on the cell
// its field came from.
import { frenchTypography } from '@/shared/typography';
import type { ProductStatus } from '../../product.schemas';
import type { CsvImportError } from '../../product-csv.schemas';
import { COLUMN_KEYS, OPTION_COLUMNS, type Column } from './columns';
import type { Row } from './layouts';

export type { CsvImportError };

export function parseWhole(raw: string): { value: number } | { error: string } {
  const cleaned = raw.replace(/[\s\u00a0\u202f]/g, '');
  return /^\d+$/.test(cleaned)
    ? { value: Number(cleaned) }
    : { error: `«\u00a0${raw}\u00a0» n’est pas un nombre entier positif ou nul.` };
}

export const STATUS_WORDS: Record<string, ProductStatus> = {
  actif: 'active',
  active: 'active',
  brouillon: 'draft',
  draft: 'draft',
  archive: 'archived',
  archived: 'archived',
};
export const YES = new Set(['oui', 'o', 'yes', 'y', 'vrai', 'true', '1']);
export const NO = new Set(['non', 'n', 'no', 'faux', 'false', '0']);

/** An error and where it sorts among its line's: by our column order, the layout's own last. */
export interface SortableError {
  error: CsvImportError;
  order: number;
}

/** Errors of one product, the first per cell kept, each named by the file's column. */
export class GroupErrors {
  readonly list: SortableError[] = [];
  private readonly seen = new Set<string>();
  constructor(private readonly label: (column: Column, line: number) => string) {}
  add(row: number, column: Column, message: string): void {
    const key = `${row}:${column}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push({
      error: { row, field: this.label(column, row), message: frenchTypography(message) },
      order: COLUMN_KEYS.indexOf(column),
    });
  }
  /** What the layout found before any cell was read (a WooCommerce variation without a value…). */
  addFound(error: CsvImportError): void {
    this.list.push({
      error: { ...error, message: frenchTypography(error.message) },
      order: COLUMN_KEYS.length,
    });
  }
  get count(): number {
    return this.list.length;
  }
}

/** Where a field path of ZProductInput or of the product rules lies in the group's rows. */
export function locate(
  path: string,
  rows: Row[],
  input: { options: Array<{ values: string[] }>; variants: Array<{ optionValues: string[] }> },
  first: number,
): { row: number; column: Column } {
  const [head, a, b, c] = path.split('.');
  const index = (part: string | undefined) =>
    part !== undefined && /^\d+$/.test(part) ? Number(part) : null;
  const productColumns: Record<string, Column> = {
    name: 'name',
    descriptionHtml: 'description',
    status: 'status',
    categoryId: 'category',
    tags: 'tags',
    trackStock: 'trackStock',
    lowStockThreshold: 'lowStockThreshold',
    weightGrams: 'weightGrams',
  };
  if (head && productColumns[head]) return { row: first, column: productColumns[head] };
  if (head === 'options') {
    const o = index(a);
    if (o === null || !OPTION_COLUMNS[o]) return { row: first, column: 'option1Name' };
    if (b === 'name') return { row: first, column: OPTION_COLUMNS[o].name };
    // A value of the option: the first row that uses it.
    const value = index(c) !== null ? input.options[o]?.values[index(c)!] : undefined;
    const k = value === undefined ? -1 : input.variants.findIndex((v) => v.optionValues[o] === value);
    return { row: rows[k]?.line ?? first, column: OPTION_COLUMNS[o].value };
  }
  if (head === 'variants') {
    const k = index(a);
    const row = k === null ? undefined : rows[k];
    if (!row) return { row: first, column: 'name' };
    const variantColumns: Record<string, Column> = {
      price: 'price',
      compareAtPrice: 'compareAtPrice',
      costPrice: 'costPrice',
      sku: 'sku',
      barcode: 'barcode',
      stock: 'stock',
      id: 'sku',
    };
    if (b === 'optionValues') return { row: row.line, column: OPTION_COLUMNS[index(c) ?? 0]!.value };
    return { row: row.line, column: (b && variantColumns[b]) || 'name' };
  }
  return { row: first, column: 'name' };
}
