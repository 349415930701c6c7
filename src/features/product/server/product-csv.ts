import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { productCategories, productVariants, products } from '@/server/db/schema/product';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { assertCanAddProducts } from '@/server/quotas/plan-quotas';
import { CURRENCIES } from '@/shared/countries';
import { normalizeForSearch } from '@/shared/search';
import { frenchTypography } from '@/shared/typography';
import { describeDetails, issuesToDetails } from '@/shared/validation';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import {
  MAX_VARIANTS,
  PRODUCT_STATUS_LABELS,
  ZProductInput,
  type ProductStatus,
  type TListProductsQuery,
  type TProductInput,
} from '../product.schemas';
import {
  findCategories,
  findVariantsOf,
  lockShopCatalogue,
  lockVariantsOf,
  type CategoryRow,
  type ProductRow,
  type VariantRow,
} from './product.repository';
import { productFilters } from './list-products';
import { applyProductUpdate, insertProducts } from './save-product';
import { safeDescription, variantRuleErrors } from './product-rules';
import { changeStock, notifyLowStock, type LowStockCrossing } from './stock';

/* ------------------------------------------------------------------------------------------------
 * RFC 4180 reading and writing. Small enough to own, and it lets the import report the line a
 * record starts on, which spreadsheet users need to find their mistakes.
 * --------------------------------------------------------------------------------------------- */

export type CsvSeparator = ';' | ',';

export interface CsvRecord {
  /** The line of the file the record starts on (1 for the header), counting newlines in quoted fields. */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** French spreadsheets save with « ; » (the comma is their decimal mark); others with « , ». */
function detectSeparator(text: string): CsvSeparator {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted) {
      if (c === '\n' || c === '\r') break;
      if (c === ';') semicolons++;
      else if (c === ',') commas++;
    }
  }
  return commas > semicolons ? ',' : ';';
}

function countLineBreaks(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) count++;
  }
  return count;
}

/**
 * Records of a CSV text: optional BOM, « ; » or « , » chosen from the header line, quoted fields
 * with doubled quotes and line breaks, CRLF, LF or CR line ends. Blank records (empty lines, or
 * the `;;;;` rows spreadsheets leave) are dropped. Text after a closing quote is kept rather than
 * refused, as spreadsheets do; only a quote never closed is an error, since it swallows the file.
 */
export function parseCsv(input: string): { separator: CsvSeparator; records: CsvRecord[] } {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const separator = detectSeparator(text);
  const separatorCode = separator.charCodeAt(0);
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    fields.push(field);
    if (fields.some((f) => f !== '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  let i = 0;
  const n = text.length;
  while (i < n) {
    // At the start of a field.
    if (text[i] === '"') {
      const openedOn = line;
      i++;
      for (;;) {
        const close = text.indexOf('"', i);
        if (close === -1)
          throw new CsvSyntaxError(openedOn, `Ligne ${openedOn} : un guillemet ouvert n'est jamais refermé.`);
        const chunk = text.slice(i, close);
        field += chunk;
        line += countLineBreaks(chunk);
        if (text[close + 1] === '"') {
          field += '"';
          i = close + 2;
        } else {
          i = close + 1;
          break;
        }
      }
    }
    let j = i;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (c === separatorCode || c === 10 || c === 13) break;
      j++;
    }
    field += text.slice(i, j);
    i = j;
    if (i >= n) break;
    if (text[i] === separator) {
      fields.push(field);
      field = '';
      i++;
      continue;
    }
    i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
    line++;
    endRecord();
    recordLine = line;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return { separator, records };
}

/** One CSV line (CRLF, as RFC 4180 and Excel expect), quoting only the fields that need it. */
export function serializeCsvRow(fields: readonly string[], separator: CsvSeparator): string {
  return (
    fields
      .map((f) =>
        /["\r\n]/.test(f) || f.includes(separator) || f !== f.trim() ? `"${f.replaceAll('"', '""')}"` : f,
      )
      .join(separator) + '\r\n'
  );
}

/**
 * A spreadsheet runs a cell starting with = + - @ as a formula, so a product named « =HYPERLINK(…) »
 * by one agent would run on the computer of whoever opens the export: such cells get a leading
 * apostrophe (OWASP's advice), which the import takes off again so the round trip is exact.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export function guardFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}
function unguardFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** Windows-1252's 0x80–0x9F (€, ’, œ, …), where it differs from Latin-1; unassigned bytes stay as is. */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * The file's bytes as text: UTF-8, or Windows-1252 when it is not (Excel's « CSV » on Windows).
 * Node's TextDecoder may lack Windows-1252 (small-ICU builds read it as Latin-1), hence the table.
 */
export function decodeCsvFile(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1').replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
  }
}

/* ------------------------------------------------------------------------------------------------
 * The product format: one row per variant; the first row of a product carries its fields.
 * --------------------------------------------------------------------------------------------- */

const COLUMNS = {
  name: 'Nom',
  description: 'Description',
  status: 'Statut',
  category: 'Catégorie',
  tags: 'Étiquettes',
  trackStock: 'Suivi du stock',
  lowStockThreshold: 'Seuil de stock faible',
  weightGrams: 'Poids (g)',
  option1Name: 'Option 1 nom',
  option1Value: 'Option 1 valeur',
  option2Name: 'Option 2 nom',
  option2Value: 'Option 2 valeur',
  option3Name: 'Option 3 nom',
  option3Value: 'Option 3 valeur',
  sku: 'SKU',
  barcode: 'Code-barres',
  price: 'Prix',
  compareAtPrice: 'Prix barré',
  costPrice: 'Prix de revient',
  stock: 'Stock',
} as const;
type Column = keyof typeof COLUMNS;
const COLUMN_KEYS = Object.keys(COLUMNS) as Column[];
export const PRODUCT_CSV_HEADERS: readonly string[] = Object.values(COLUMNS);
const OPTION_COLUMNS = [
  { name: 'option1Name', value: 'option1Value' },
  { name: 'option2Name', value: 'option2Value' },
  { name: 'option3Name', value: 'option3Value' },
] as const satisfies ReadonlyArray<{ name: Column; value: Column }>;

export const CSV_MAX_ROWS = 20_000;
export const CSV_MAX_BYTES = 10 * 1024 * 1024;
const EXPORT_PAGE_SIZE = 500;
/** Past this many, the list would be longer than anyone reads; `skipped` still counts them all. */
const MAX_LISTED_ERRORS = 1000;
const TAG_SEPARATOR = ',';
const CATEGORY_SEPARATOR = '>';
const STOCK_NOTE = 'Import CSV';

interface Currency {
  code: string;
  symbol: string;
  minorDigits: number;
}

export function currencyOf(shop: Pick<ShopRow, 'currency'>): Currency {
  const known = (CURRENCIES as Record<string, Currency | undefined>)[shop.currency];
  return known ?? { code: shop.currency, symbol: shop.currency, minorDigits: 0 };
}

/** Minor units to display units: « 12500 » in XOF, « 12,50 » (or « 12.50 » beside « , ») in EUR. */
export function formatCsvAmount(minor: number, minorDigits: number, decimalMark: ',' | '.'): string {
  if (minorDigits === 0) return String(minor);
  const scale = 10 ** minorDigits;
  return `${Math.floor(minor / scale)}${decimalMark}${String(minor % scale).padStart(minorDigits, '0')}`;
}

/**
 * Display units back to minor units, in integers so 0.1 + 0.2 never matters. Either decimal mark,
 * spaces between thousands, and the currency's symbol or code are accepted; extra decimals are
 * refused unless they are zeros (« 12,50 » stays a valid EUR price after Excel shows it « 12,500 »).
 */
export function parseCsvAmount(raw: string, currency: Currency): { value: number } | { error: string } {
  const symbol = currency.symbol.toLowerCase();
  const code = currency.code.toLowerCase();
  const cleaned = raw
    .toLowerCase()
    .replaceAll(symbol, '')
    .replaceAll(code, '')
    .replace(/[\s\u00a0\u202f]/g, '');
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(cleaned);
  if (!match || (match[1] ?? '') + (match[2] ?? '') === '')
    return { error: `« ${raw} » n'est pas un montant valide.` };
  const units = match[1] || '0';
  const fraction = match[2] ?? '';
  if (/[^0]/.test(fraction.slice(currency.minorDigits)))
    return {
      error:
        currency.minorDigits === 0
          ? `Les montants en ${currency.code} n'ont pas de décimales (« ${raw} »).`
          : `« ${raw} » a trop de décimales : ${currency.minorDigits} au plus en ${currency.code}.`,
    };
  const minor = fraction.slice(0, currency.minorDigits).padEnd(currency.minorDigits, '0');
  return { value: Number(units) * 10 ** currency.minorDigits + Number(minor || '0') };
}

function parseWhole(raw: string): { value: number } | { error: string } {
  const cleaned = raw.replace(/[\s\u00a0\u202f]/g, '');
  return /^\d+$/.test(cleaned)
    ? { value: Number(cleaned) }
    : { error: `« ${raw} » n'est pas un nombre entier positif ou nul.` };
}

const STATUS_WORDS: Record<string, ProductStatus> = {
  actif: 'active',
  active: 'active',
  brouillon: 'draft',
  draft: 'draft',
  archive: 'archived',
  archived: 'archived',
};
const YES = new Set(['oui', 'o', 'yes', 'y', 'vrai', 'true', '1']);
const NO = new Set(['non', 'n', 'no', 'faux', 'false', '0']);

function categoryPaths(categories: CategoryRow[]): Map<string, string> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const paths = new Map<string, string>();
  for (const category of categories) {
    const names: string[] = [];
    const seen = new Set<string>();
    for (let c: CategoryRow | undefined = category; c && !seen.has(c.id);) {
      seen.add(c.id);
      names.unshift(c.name);
      c = c.parentId ? byId.get(c.parentId) : undefined;
    }
    paths.set(category.id, names.join(` ${CATEGORY_SEPARATOR} `));
  }
  return paths;
}

/* ------------------------------------------------------------------------------------------------
 * Export
 * --------------------------------------------------------------------------------------------- */

function productRows(
  product: ProductRow,
  variants: VariantRow[],
  category: string,
  currency: Currency,
  separator: CsvSeparator,
): string {
  const decimalMark = separator === ';' ? ',' : '.';
  const amount = (minor: number | null) =>
    minor === null ? '' : formatCsvAmount(minor, currency.minorDigits, decimalMark);
  return variants
    .map((variant, index) => {
      // Product fields only on the first row: the import reads them there and nowhere else.
      const first = index === 0;
      const cells: Record<Column, string> = {
        name: product.name,
        description: first ? product.descriptionHtml : '',
        status: first ? (PRODUCT_STATUS_LABELS[product.status as ProductStatus] ?? product.status) : '',
        category: first ? category : '',
        tags: first ? product.tags.join(`${TAG_SEPARATOR} `) : '',
        trackStock: first ? (product.trackStock ? 'Oui' : 'Non') : '',
        lowStockThreshold: first ? String(product.lowStockThreshold) : '',
        weightGrams: first && product.weightGrams !== null ? String(product.weightGrams) : '',
        // Option names on every row, so a row read alone (or sorted in a spreadsheet) still says what it is.
        option1Name: product.options[0]?.name ?? '',
        option1Value: variant.optionValues[0] ?? '',
        option2Name: product.options[1]?.name ?? '',
        option2Value: variant.optionValues[1] ?? '',
        option3Name: product.options[2]?.name ?? '',
        option3Value: variant.optionValues[2] ?? '',
        sku: variant.sku ?? '',
        barcode: variant.barcode ?? '',
        price: amount(variant.price),
        compareAtPrice: amount(variant.compareAtPrice),
        costPrice: amount(variant.costPrice),
        stock: String(variant.stock),
      };
      return serializeCsvRow(
        COLUMN_KEYS.map((c) => guardFormula(cells[c])),
        separator,
      );
    })
    .join('');
}

/**
 * The products the list shows for these filters (productFilters, the list's own), one row per
 * variant, in creation order. Products are read by keyset pages of 500 and each page is turned
 * into text before the next is read, so a catalogue of 60 000 variants is never held as rows and
 * as text at once.
 */
export async function exportProductsCsv(
  db: Executor,
  shop: ShopRow,
  filters: Pick<TListProductsQuery, 'search' | 'status' | 'categoryId' | 'stock'>,
  separator: CsvSeparator = ';',
): Promise<string> {
  const currency = currencyOf(shop);
  const paths = categoryPaths(await findCategories(db, shop.id));
  // The list's filters only: its paging and display options mean nothing here.
  const conditions = await productFilters(db, { ...filters, shopId: shop.id } as Parameters<
    typeof productFilters
  >[1]);
  const parts = ['\uFEFF', serializeCsvRow(PRODUCT_CSV_HEADERS, separator)];
  for (let after: string | null = null; ;) {
    const page: ProductRow[] = await db
      .select()
      .from(products)
      .where(and(...conditions, after ? gt(products.id, after) : undefined))
      .orderBy(asc(products.id))
      .limit(EXPORT_PAGE_SIZE);
    if (page.length === 0) break;
    const variants = await findVariantsOf(
      db,
      page.map((p) => p.id),
    );
    const byProduct = new Map<string, VariantRow[]>();
    for (const v of variants) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
    parts.push(
      page
        .map((p) =>
          productRows(
            p,
            byProduct.get(p.id) ?? [],
            p.categoryId ? (paths.get(p.categoryId) ?? '') : '',
            currency,
            separator,
          ),
        )
        .join(''),
    );
    if (page.length < EXPORT_PAGE_SIZE) break;
    after = page[page.length - 1]!.id;
  }
  return parts.join('');
}

/* ------------------------------------------------------------------------------------------------
 * Import
 * --------------------------------------------------------------------------------------------- */

export interface CsvImportError {
  /** The line in the file (1 is the header, so 2 is the first product row). */
  row: number;
  /** The column's French header. */
  field: string;
  message: string;
}

export interface CsvImportResult {
  created: number;
  updated: number;
  /** Products the file describes exactly as they are: nothing written (an export re-imported). */
  unchanged: number;
  /** Products not written because one of their rows has an error. */
  skipped: number;
  errors: CsvImportError[];
}

interface Row {
  line: number;
  cell: (column: Column) => string;
}

function refuseFile(message: string): never {
  const details = { file: message };
  throw Errors.validation(details, describeDetails(details));
}

/** The rows of the file grouped by product: consecutive rows with the same Nom (or an empty one). */
function readProductGroups(csvText: string): Row[][] {
  if (Buffer.byteLength(csvText, 'utf8') > CSV_MAX_BYTES)
    refuseFile('Le fichier dépasse la taille maximale de 10 Mo : découpez-le en plusieurs fichiers.');
  let records: CsvRecord[];
  try {
    records = parseCsv(csvText).records;
  } catch (error) {
    if (error instanceof CsvSyntaxError) refuseFile(error.message);
    throw error;
  }
  const [header, ...data] = records;
  if (!header) refuseFile('Le fichier est vide.');
  if (data.length > CSV_MAX_ROWS)
    refuseFile(
      `Le fichier compte plus de ${CSV_MAX_ROWS.toLocaleString('fr-FR')} lignes : découpez-le en plusieurs fichiers.`,
    );
  // Columns are found by name (accents and case aside), so a file whose columns were moved still reads.
  const wanted = new Map(COLUMN_KEYS.map((c) => [normalizeForSearch(COLUMNS[c]), c]));
  const index = new Map<Column, number>();
  header.fields.forEach((title, i) => {
    const column = wanted.get(normalizeForSearch(title));
    if (column && !index.has(column)) index.set(column, i);
  });
  const missing = COLUMN_KEYS.filter((c) => !index.has(c)).map((c) => `« ${COLUMNS[c]} »`);
  if (missing.length)
    refuseFile(
      `${missing.length > 1 ? 'Colonnes manquantes' : 'Colonne manquante'} : ${missing.join(', ')}. ` +
        'Partez d’un fichier exporté pour avoir les bonnes colonnes.',
    );

  const groups: Row[][] = [];
  let current: Row[] | null = null;
  let currentName = '';
  for (const record of data) {
    const row: Row = {
      line: record.line,
      cell: (column) => unguardFormula(record.fields[index.get(column)!] ?? '').trim(),
    };
    const name = row.cell('name');
    // An empty Nom continues the product above, as in files where only its first row is named.
    if (current && (name === '' || name === currentName)) current.push(row);
    else {
      current = [row];
      groups.push(current);
      currentName = name;
    }
  }
  return groups;
}

/** Errors of one product, the first per cell kept. */
class GroupErrors {
  readonly list: CsvImportError[] = [];
  private readonly seen = new Set<string>();
  add(row: number, column: Column, message: string): void {
    const key = `${row}:${column}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push({ row, field: COLUMNS[column], message: frenchTypography(message) });
  }
  get count(): number {
    return this.list.length;
  }
}

const categoryKey = (parentId: string | null, name: string) => `${parentId ?? ''}\u0000${name.toLowerCase()}`;

/** The shop's category tree by « Parent > Enfant » path; missing levels are created at write time. */
class CategoryTree {
  private readonly ids = new Map<string, string>();
  constructor(categories: CategoryRow[]) {
    for (const c of categories) this.ids.set(categoryKey(c.parentId, c.name), c.id);
  }
  /** The category when every level exists; undefined when the import has to create some. */
  find(path: string[]): string | undefined {
    let parent: string | null = null;
    for (const name of path) {
      const id = this.ids.get(categoryKey(parent, name));
      if (!id) return undefined;
      parent = id;
    }
    return parent ?? undefined;
  }
  async ensure(tx: Executor, shopId: string, path: string[]): Promise<string> {
    let parent: string | null = null;
    for (const name of path) {
      const key = categoryKey(parent, name);
      let id = this.ids.get(key);
      if (!id) {
        id = newId();
        await tx.insert(productCategories).values({ id, shopId, name, parentId: parent });
        this.ids.set(key, id);
      }
      parent = id;
    }
    return parent!;
  }
}

interface StockTarget {
  variantId: string;
  stock: number;
}

interface PlannedProduct {
  kind: 'create' | 'update' | 'unchanged';
  input: TProductInput;
  categoryPath: string[] | null;
  existing: ProductRow | null;
  stockTargets: StockTarget[];
}

interface ImportPlan {
  products: PlannedProduct[];
  skipped: number;
  errors: CsvImportError[];
  categories: CategoryTree;
}

/** What the shop already has that the file's codes point at, read in a few queries for the whole file. */
async function loadExisting(db: Executor, shopId: string, groups: Row[][]) {
  const skus = new Set<string>();
  const barcodes = new Set<string>();
  for (const row of groups.flat()) {
    if (row.cell('sku')) skus.add(row.cell('sku'));
    if (row.cell('barcode')) barcodes.add(row.cell('barcode'));
  }
  const chunks = (values: Set<string>) => {
    const list = [...values];
    return Array.from({ length: Math.ceil(list.length / 1000) }, (_, i) =>
      list.slice(i * 1000, i * 1000 + 1000),
    );
  };
  const productOfSku = new Map<string, string>();
  const productOfBarcode = new Map<string, string>();
  for (const chunk of chunks(skus)) {
    const rows = await db
      .select({ code: productVariants.sku, productId: productVariants.productId })
      .from(productVariants)
      .where(and(eq(productVariants.shopId, shopId), inArray(productVariants.sku, chunk)));
    for (const r of rows) productOfSku.set(r.code!, r.productId);
  }
  for (const chunk of chunks(barcodes)) {
    const rows = await db
      .select({ code: productVariants.barcode, productId: productVariants.productId })
      .from(productVariants)
      .where(and(eq(productVariants.shopId, shopId), inArray(productVariants.barcode, chunk)));
    for (const r of rows) productOfBarcode.set(r.code!, r.productId);
  }
  // The products the groups may update: the one owning each group's first SKU, and for groups
  // without any SKU the products of the same name (only those without SKUs will qualify).
  const matched = new Set<string>();
  const namesWithoutSku = new Set<string>();
  for (const group of groups) {
    const firstSku = group.map((r) => r.cell('sku')).find(Boolean);
    const productId = firstSku ? productOfSku.get(firstSku) : undefined;
    if (productId) matched.add(productId);
    if (!firstSku && group[0]!.cell('name')) namesWithoutSku.add(group[0]!.cell('name'));
  }
  for (const chunk of chunks(namesWithoutSku)) {
    const namesakes = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.shopId, shopId), inArray(products.name, chunk)));
    for (const p of namesakes) matched.add(p.id);
  }
  const productsById = new Map<string, ProductRow>();
  const variantsOf = new Map<string, VariantRow[]>();
  for (const chunk of chunks(matched)) {
    for (const p of await db.select().from(products).where(inArray(products.id, chunk)))
      productsById.set(p.id, p);
    for (const v of await findVariantsOf(db, chunk))
      variantsOf.set(v.productId, [...(variantsOf.get(v.productId) ?? []), v]);
  }
  const withoutSkuByName = new Map<string, ProductRow[]>();
  for (const p of productsById.values())
    if (namesWithoutSku.has(p.name) && !(variantsOf.get(p.id) ?? []).some((v) => v.sku))
      withoutSkuByName.set(p.name, [...(withoutSkuByName.get(p.name) ?? []), p]);
  return { productOfSku, productOfBarcode, productsById, variantsOf, withoutSkuByName };
}

type Existing = Awaited<ReturnType<typeof loadExisting>>;

/** Where a field path of ZProductInput or of the product rules lies in the group's rows. */
function locate(
  path: string,
  rows: Row[],
  input: { options: Array<{ values: string[] }>; variants: Array<{ optionValues: string[] }> },
): { row: number; column: Column } {
  const first = rows[0]!.line;
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

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** True when writing `input` would leave the product and its variants exactly as they are. */
function isUnchanged(
  existing: ProductRow,
  variants: VariantRow[],
  input: TProductInput,
  categoryId: string | null | undefined,
  stockTargets: StockTarget[],
): boolean {
  return (
    stockTargets.length === 0 &&
    categoryId === existing.categoryId &&
    input.name === existing.name &&
    safeDescription(input.descriptionHtml) === existing.descriptionHtml &&
    input.status === existing.status &&
    sameStrings([...new Set(input.tags)], existing.tags) &&
    input.trackStock === existing.trackStock &&
    input.lowStockThreshold === existing.lowStockThreshold &&
    input.weightGrams === existing.weightGrams &&
    input.options.length === existing.options.length &&
    input.options.every(
      (o, i) => o.name === existing.options[i]!.name && sameStrings(o.values, existing.options[i]!.values),
    ) &&
    input.variants.length === variants.length &&
    input.variants.every((v, i) => {
      const current = variants[i]!;
      return (
        v.id === current.id &&
        sameStrings(v.optionValues, current.optionValues) &&
        v.price === current.price &&
        (v.compareAtPrice ?? null) === current.compareAtPrice &&
        (v.costPrice ?? null) === current.costPrice &&
        (v.sku || null) === current.sku &&
        (v.barcode || null) === current.barcode
      );
    })
  );
}

interface FileCodes {
  skus: Map<string, number>;
  barcodes: Map<string, number>;
  products: Map<string, number>;
}

/**
 * One product group to a planned write, or to errors. Same checks as the API: the cells are read
 * into a TProductInput, which goes through ZProductInput and variantRuleErrors; the shop-wide rule
 * validateProduct adds (codes not taken by another product) is checked against codes loaded once
 * for the whole file, with the same messages, as is the same rule between the file's products.
 */
function planGroup(
  rows: Row[],
  ctx: {
    currency: Currency;
    existing: Existing;
    categories: CategoryTree;
    canAdjustStock: boolean;
    file: FileCodes;
  },
  errors: GroupErrors,
): PlannedProduct | null {
  const head = rows[0]!;
  const first = head.line;

  // Product fields, from the first row only.
  const statusCell = head.cell('status');
  let status: ProductStatus = 'active';
  if (statusCell) {
    const known = STATUS_WORDS[normalizeForSearch(statusCell)];
    if (known) status = known;
    else errors.add(first, 'status', `« ${statusCell} » n'est pas un statut : Actif, Brouillon ou Archivé.`);
  }
  const trackCell = normalizeForSearch(head.cell('trackStock'));
  let trackStock = true;
  if (NO.has(trackCell)) trackStock = false;
  else if (trackCell && !YES.has(trackCell)) errors.add(first, 'trackStock', 'Répondez « Oui » ou « Non ».');
  const whole = (column: Column, fallback: number | null): number | null => {
    const raw = head.cell(column);
    if (!raw) return fallback;
    const parsed = parseWhole(raw);
    if ('value' in parsed) return parsed.value;
    errors.add(first, column, parsed.error);
    return fallback;
  };
  const lowStockThreshold = whole('lowStockThreshold', 0) ?? 0;
  const weightGrams = whole('weightGrams', null);
  let categoryPath: string[] | null = null;
  const categoryCell = head.cell('category');
  if (categoryCell) {
    const levels = categoryCell.split(CATEGORY_SEPARATOR).map((l) => l.trim());
    if (levels.some((l) => l === ''))
      errors.add(first, 'category', `Chaque niveau de la catégorie doit avoir un nom (« ${categoryCell} »).`);
    else if (levels.some((l) => l.length > 60))
      errors.add(first, 'category', 'Un nom de catégorie a au plus 60 caractères.');
    else categoryPath = levels;
  }
  const tags = head
    .cell('tags')
    .split(TAG_SEPARATOR)
    .map((t) => t.trim())
    .filter(Boolean);

  // Options: named on the first row, in order; later rows may repeat the names, not change them.
  const named = OPTION_COLUMNS.map((o) => head.cell(o.name));
  const optionCount = named.reduce((count, name, i) => (name ? i + 1 : count), 0);
  named.slice(0, optionCount).forEach((name, i) => {
    if (!name)
      errors.add(first, OPTION_COLUMNS[i]!.name, `Nommez l'option ${i + 1} avant l'option ${i + 2}.`);
  });
  for (const row of rows.slice(1))
    OPTION_COLUMNS.forEach((o, i) => {
      const name = row.cell(o.name);
      if (name && name.toLowerCase() !== (named[i] ?? '').toLowerCase())
        errors.add(
          row.line,
          o.name,
          `Les lignes d'un produit nomment les mêmes options que sa première ligne (ligne ${first}).`,
        );
    });

  // The product this group updates: the one owning its first SKU. A group without any SKU could
  // never match, and re-importing an export would duplicate every product without codes: it
  // updates the shop's one product of that name without SKUs, if there is exactly one.
  const firstSku = rows.map((r) => r.cell('sku')).find(Boolean);
  let existing: ProductRow | null = null;
  if (firstSku) {
    const existingId = ctx.existing.productOfSku.get(firstSku);
    existing = existingId ? (ctx.existing.productsById.get(existingId) ?? null) : null;
  } else {
    const namesakes = ctx.existing.withoutSkuByName.get(head.cell('name')) ?? [];
    if (namesakes.length === 1) existing = namesakes[0]!;
    else if (namesakes.length > 1)
      errors.add(
        first,
        'sku',
        `Plusieurs produits sans SKU s'appellent « ${head.cell('name')} » : renseignez un SKU pour dire lequel mettre à jour.`,
      );
  }
  const existingVariants = existing ? (ctx.existing.variantsOf.get(existing.id) ?? []) : [];

  // Values keep the existing order (an export re-imported stays identical), and values no row
  // uses are kept: the file lists variants, so it can add values but has no way to remove one.
  // A value differing only by case from a known one is that value.
  const options = named.slice(0, optionCount).map((name, i) => {
    const current = existing?.options[i];
    return {
      name,
      values: current && current.name.toLowerCase() === name.toLowerCase() ? [...current.values] : [],
    };
  });

  const variants = rows.map((row) => {
    const optionValues = options.map((option, i) => {
      const raw = row.cell(OPTION_COLUMNS[i]!.value);
      if (!raw) return '';
      const known = option.values.find((v) => v.toLowerCase() === raw.toLowerCase());
      if (known) return known;
      option.values.push(raw);
      return raw;
    });
    OPTION_COLUMNS.slice(optionCount).forEach((o) => {
      if (row.cell(o.value))
        errors.add(row.line, o.value, "Cette option n'a pas de nom sur la première ligne du produit.");
    });
    const money = (column: Column, required: boolean): number | null => {
      const raw = row.cell(column);
      if (!raw) {
        if (required) errors.add(row.line, column, 'Le prix est obligatoire.');
        return null;
      }
      const parsed = parseCsvAmount(raw, ctx.currency);
      if ('value' in parsed) return parsed.value;
      errors.add(row.line, column, parsed.error);
      return null;
    };
    const stockCell = row.cell('stock');
    let stock: number | null = null;
    if (stockCell) {
      const parsed = parseWhole(stockCell);
      if ('value' in parsed) stock = parsed.value;
      else errors.add(row.line, 'stock', parsed.error);
    }
    return {
      row,
      optionValues,
      // A bad price stands in as 0 so the other checks still run and the file's errors come at once.
      price: money('price', true) ?? 0,
      compareAtPrice: money('compareAtPrice', false),
      costPrice: money('costPrice', false),
      sku: row.cell('sku') || null,
      barcode: row.cell('barcode') || null,
      stock,
    };
  });

  // Existing variants keep their ids (and so their history): matched by SKU, then by option values.
  const free = new Set(existingVariants.map((v) => v.id));
  const matches: Array<VariantRow | undefined> = variants.map((v) => {
    const found = v.sku ? existingVariants.find((e) => free.has(e.id) && e.sku === v.sku) : undefined;
    if (found) free.delete(found.id);
    return found;
  });
  const combo = (values: string[]) => values.join('\u0000').toLowerCase();
  variants.forEach((v, k) => {
    if (matches[k]) return;
    const found = existingVariants.find(
      (e) => free.has(e.id) && combo(e.optionValues) === combo(v.optionValues),
    );
    if (found) {
      free.delete(found.id);
      matches[k] = found;
    }
  });

  // A stock figure on an existing variant is a count: a difference becomes an « inventaire » movement.
  const stockTargets: StockTarget[] = [];
  variants.forEach((v, k) => {
    const match = matches[k];
    if (!match || v.stock === null || v.stock === match.stock) return;
    if (ctx.canAdjustStock) stockTargets.push({ variantId: match.id, stock: v.stock });
    else
      errors.add(
        v.row.line,
        'stock',
        `Votre rôle ne permet pas de modifier le stock : laissez la cellule vide ou à ${match.stock}.`,
      );
  });

  if (rows.length > MAX_VARIANTS)
    errors.add(rows[MAX_VARIANTS]!.line, 'name', `Un produit a au plus ${MAX_VARIANTS} variantes (lignes).`);

  const parsed = ZProductInput.safeParse({
    name: head.cell('name'),
    descriptionHtml: head.cell('description'),
    status,
    categoryId: null,
    tags,
    trackStock,
    lowStockThreshold,
    weightGrams,
    options,
    variants: variants.map((v, k) => {
      const match = matches[k];
      return {
        // A new variant's stock is its opening count; an existing one's only moves through stockTargets.
        ...(match ? { id: match.id, imageUrl: match.imageUrl } : { stock: v.stock ?? 0 }),
        optionValues: v.optionValues,
        price: v.price,
        compareAtPrice: v.compareAtPrice,
        costPrice: v.costPrice,
        sku: v.sku,
        barcode: v.barcode,
      };
    }),
  });
  if (!parsed.success) {
    for (const [path, message] of Object.entries(issuesToDetails(parsed.error))) {
      if (path === 'variants' && rows.length > MAX_VARIANTS) continue;
      const at = locate(path, rows, { options, variants });
      errors.add(at.row, at.column, message);
    }
    return null;
  }
  const input = parsed.data;

  const rules = variantRuleErrors(input);
  for (const [path, message] of Object.entries(rules)) {
    // Rows without options are all the same (empty) combination: one message says it better.
    if (input.options.length === 0 && path.endsWith('.optionValues')) continue;
    if (path === 'variants' && input.options.length === 0)
      errors.add(
        rows[1]?.line ?? first,
        'name',
        `Plusieurs lignes à la suite s'appellent « ${input.name} » : un produit sans option n'a qu'une ligne. ` +
          'Renseignez ses options, ou donnez des noms différents aux produits.',
      );
    else {
      const at = locate(path, rows, input);
      errors.add(at.row, at.column, message);
    }
  }
  input.variants.forEach((v, k) => {
    const line = rows[k]!.line;
    if (v.sku) {
      const owner = ctx.existing.productOfSku.get(v.sku);
      if (owner && owner !== existing?.id)
        errors.add(line, 'sku', 'Ce SKU est déjà utilisé par un autre produit.');
      else if (ctx.file.skus.has(v.sku))
        errors.add(
          line,
          'sku',
          `Ce SKU est déjà utilisé par le produit de la ligne ${ctx.file.skus.get(v.sku)}.`,
        );
    }
    if (v.barcode) {
      const owner = ctx.existing.productOfBarcode.get(v.barcode);
      if (owner && owner !== existing?.id)
        errors.add(line, 'barcode', 'Ce code-barres est déjà utilisé par un autre produit.');
      else if (ctx.file.barcodes.has(v.barcode))
        errors.add(
          line,
          'barcode',
          `Ce code-barres est déjà utilisé par le produit de la ligne ${ctx.file.barcodes.get(v.barcode)}.`,
        );
    }
  });
  if (existing && ctx.file.products.has(existing.id))
    errors.add(
      first,
      'sku',
      `Ce produit est déjà décrit plus haut dans le fichier (ligne ${ctx.file.products.get(existing.id)}).`,
    );
  if (errors.count > 0) return null;

  // Valid: its codes are now taken for the rest of the file.
  input.variants.forEach((v, k) => {
    if (v.sku) ctx.file.skus.set(v.sku, rows[k]!.line);
    if (v.barcode) ctx.file.barcodes.set(v.barcode, rows[k]!.line);
  });
  if (existing) ctx.file.products.set(existing.id, first);

  const categoryId = categoryPath ? ctx.categories.find(categoryPath) : null;
  const kind = !existing
    ? 'create'
    : isUnchanged(existing, existingVariants, input, categoryId, stockTargets)
      ? 'unchanged'
      : 'update';
  return { kind, input, categoryPath, existing, stockTargets };
}

async function planImport(
  db: Executor,
  shop: ShopRow,
  groups: Row[][],
  canAdjustStock: boolean,
): Promise<ImportPlan> {
  const ctx = {
    currency: currencyOf(shop),
    existing: await loadExisting(db, shop.id, groups),
    categories: new CategoryTree(await findCategories(db, shop.id)),
    canAdjustStock,
    file: { skus: new Map(), barcodes: new Map(), products: new Map() } satisfies FileCodes,
  };
  const planned: PlannedProduct[] = [];
  const errors: CsvImportError[] = [];
  let skipped = 0;
  for (const rows of groups) {
    const groupErrors = new GroupErrors();
    const product = planGroup(rows, ctx, groupErrors);
    if (product) planned.push(product);
    else {
      skipped++;
      errors.push(...groupErrors.list);
    }
  }
  const order = new Map(COLUMN_KEYS.map((c, i) => [COLUMNS[c] as string, i]));
  errors.sort((a, b) => a.row - b.row || order.get(a.field)! - order.get(b.field)!);
  return { products: planned, skipped, errors, categories: ctx.categories };
}

/** Counted stock on existing variants, against the locked current figure so a sale meanwhile is counted. */
async function applyStockTargets(
  tx: Executor,
  shopId: string,
  targets: StockTarget[],
  userId: string | null,
): Promise<Array<LowStockCrossing | null>> {
  if (targets.length === 0) return [];
  const current = await tx
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.shopId, shopId),
        inArray(
          productVariants.id,
          targets.map((t) => t.variantId),
        ),
      ),
    )
    .orderBy(productVariants.id)
    .for('update');
  const stockOf = new Map(current.map((r) => [r.id, r.stock]));
  const crossings: Array<LowStockCrossing | null> = [];
  for (const target of targets) {
    const difference = target.stock - (stockOf.get(target.variantId) ?? target.stock);
    if (difference === 0) continue;
    const result = await changeStock(tx, {
      shopId,
      variantId: target.variantId,
      quantity: difference,
      reason: 'inventaire',
      note: STOCK_NOTE,
      userId,
    });
    crossings.push(result.crossing);
  }
  return crossings;
}

function summary(plan: ImportPlan): CsvImportResult {
  const count = (kind: PlannedProduct['kind']) => plan.products.filter((p) => p.kind === kind).length;
  const errors = plan.errors.slice(0, MAX_LISTED_ERRORS);
  const omitted = plan.errors.length - errors.length;
  if (omitted > 0)
    errors.push({
      row: plan.errors[MAX_LISTED_ERRORS]!.row,
      field: 'Fichier',
      message: frenchTypography(
        `… et ${omitted.toLocaleString('fr-FR')} autres erreurs, non listées : corrigez celles-ci puis importez de nouveau.`,
      ),
    });
  return {
    created: count('create'),
    updated: count('update'),
    unchanged: count('unchanged'),
    skipped: plan.skipped,
    errors,
  };
}

/**
 * Imports a product CSV (one row per variant; see exportProductsCsv for the format). A product
 * whose first SKU belongs to a product of the shop updates it (one without any SKU updates the
 * shop's only product of that name without SKUs); any other creates one. The file describes whole
 * products: existing variants missing from a product's rows are removed, as the form does.
 *
 * DECISION: a product with an error in any of its rows is skipped and its errors listed (row,
 * column, French message); every valid product is written in ONE transaction, so the import
 * lands whole or not at all and a failure midway never leaves half a file. `dryRun` runs the same
 * reading and checks (quota included) and writes nothing, answering what would happen. New
 * products past the plan's room refuse the whole import with the quota's message, checked under
 * the shop's catalogue lock so two imports (or an import and the form) cannot both take the last
 * places.
 *
 * `canAdjustStock`: whether the caller may change existing stock (stock:adjust); without it, a
 * differing Stock cell on an existing variant is an error rather than a way around the permission.
 */
export async function importProductsCsv(
  db: Database,
  shop: ShopRow,
  userId: string | null,
  csvText: string,
  options: { dryRun: boolean; canAdjustStock?: boolean },
): Promise<CsvImportResult> {
  const groups = readProductGroups(csvText);
  const canAdjustStock = options.canAdjustStock ?? false;
  const creating = (plan: ImportPlan) => plan.products.filter((p) => p.kind === 'create').length;

  if (options.dryRun) {
    const plan = await planImport(db, shop, groups, canAdjustStock);
    if (creating(plan) > 0) await assertCanAddProducts(db, shop, creating(plan));
    return summary(plan);
  }

  const crossings: Array<LowStockCrossing | null> = [];
  const plan = await db.transaction(async (tx) => {
    // The catalogue's lock, as the form's saves take it: it queues them and other imports (quota,
    // free codes) but not the sales inserting stock movements, which lockShop would block, or
    // deadlock with, for the length of a big import.
    const locked = await lockShopCatalogue(tx, shop.id);
    const plan = await planImport(tx, locked, groups, canAdjustStock);
    if (creating(plan) > 0) await assertCanAddProducts(tx, locked, creating(plan));
    // All the updated products' variants at once, in id order as an inventory count takes them:
    // locked product by product, an import and a count could each hold what the other waits for.
    await lockVariantsOf(
      tx,
      plan.products.filter((p) => p.kind === 'update').map((p) => p.existing!.id),
    );
    // New products are written together, in a few multi-row inserts (the import's bulk).
    const creations: TProductInput[] = [];
    for (const product of plan.products) {
      if (product.kind === 'unchanged') continue;
      const categoryId = product.categoryPath
        ? await plan.categories.ensure(tx, locked.id, product.categoryPath)
        : null;
      const input = { ...product.input, categoryId };
      if (product.kind === 'create') creations.push(input);
      else {
        await applyProductUpdate(tx, product.existing!, input, userId);
        crossings.push(...(await applyStockTargets(tx, locked.id, product.stockTargets, userId)));
      }
    }
    await insertProducts(tx, locked.id, creations, userId);
    return plan;
  });
  await notifyLowStock(db, crossings);
  return summary(plan);
}
