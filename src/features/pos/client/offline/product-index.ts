import { normalizeForSearch } from '@/shared/search';
import type { PosProduct } from '../../pos.schemas';

export interface IndexedVariant {
  variantId: string;
  productId: string;
  productName: string;
  /** « Rouge / M », empty for a product without options. */
  variantName: string;
  sku: string | null;
  barcode: string | null;
  price: number;
  /** As last seen, less what this tablet sold since. */
  stock: number;
  trackStock: boolean;
  imageUrl: string | null;
}

export interface ProductCard {
  productId: string;
  name: string;
  normalizedName: string;
  /** Normalized SKUs and barcodes of its variants, for search by code prefix. */
  codes: string[];
  categoryId: string | null;
  imageUrl: string | null;
  trackStock: boolean;
  options: PosProduct['options'];
  variants: IndexedVariant[];
}

const normalizeCode = (code: string) => code.trim().toLowerCase();

function toCard(product: PosProduct): ProductCard {
  const variants = product.variants.map<IndexedVariant>((v) => ({
    variantId: v.id,
    productId: product.id,
    productName: product.name,
    variantName: v.optionValues.join(' / '),
    sku: v.sku,
    barcode: v.barcode,
    price: v.price,
    stock: v.stock,
    trackStock: product.trackStock,
    imageUrl: v.imageUrl ?? product.imageUrl,
  }));
  const codes: string[] = [];
  for (const v of product.variants) {
    if (v.sku) codes.push(normalizeCode(v.sku));
    if (v.barcode) codes.push(normalizeCode(v.barcode));
  }
  return {
    productId: product.id,
    name: product.name,
    normalizedName: normalizeForSearch(product.name),
    codes,
    categoryId: product.categoryId,
    imageUrl: product.imageUrl ?? variants.find((v) => v.imageUrl)?.imageUrl ?? null,
    trackStock: product.trackStock,
    options: product.options,
    variants,
  };
}

const NAME_SEPARATOR = '\u0001';
const CODE_SEPARATOR = '\n';

/** The sorted cards' names in one string, and their codes in another, with where each card starts. */
interface SearchText {
  names: string;
  nameStarts: number[];
  codes: string;
  codeStarts: number[];
}

/*
 * By name, as a French reader expects: names are compared on their search form (no accents, lower
 * case), the ligatures spelt out (« œuf » with the o's). Compared code unit by code unit, which is
 * the collation's order for what is left (spaces, then punctuation, digits, letters), without
 * localeCompare's collator: building it costs a tablet's first sale screen 60–80 ms.
 */
const LIGATURES = /[œæß]/g;
const SPELT_OUT: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss' };

export function nameSortKey(normalizedName: string): string {
  return normalizedName.replace(LIGATURES, (c) => SPELT_OUT[c]!);
}

export function sortByName(cards: ProductCard[]): ProductCard[] {
  const keyed = cards.map((card) => ({ card, key: nameSortKey(card.normalizedName) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((k) => k.card);
}

function buildSearchText(cards: ProductCard[]): SearchText {
  const nameStarts: number[] = [];
  const codeStarts: number[] = [];
  let names = '';
  let codes = '';
  for (const card of cards) {
    nameStarts.push(names.length);
    names += card.normalizedName + NAME_SEPARATOR;
    codeStarts.push(codes.length);
    for (const c of card.codes) codes += CODE_SEPARATOR + c;
  }
  return { names, nameStarts, codes, codeStarts };
}

/** The card whose text holds the position `at`: the last start at or before it. */
function cardAt(starts: number[], at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * The catalogue in memory, built once from IndexedDB: a scan or a search must add a line in well
 * under 50 ms with 20 000 products, which no IndexedDB query does. Barcodes and SKUs go through
 * maps; names through one pass over normalized strings (a few milliseconds for 20 000).
 */
export class ProductIndex {
  private cards = new Map<string, ProductCard>();
  private byBarcode = new Map<string, IndexedVariant>();
  private bySku = new Map<string, IndexedVariant>();
  private variants = new Map<string, IndexedVariant>();
  private sorted: ProductCard[] | null = null;
  private searchText: SearchText | null = null;

  /**
   * @param cursor the catalogue cursor the products were read at (undefined: not known). A line
   * priced from here carries it in its sale, so the server judges the price against that copy.
   */
  constructor(
    products: Iterable<PosProduct> = [],
    public cursor: string | undefined = undefined,
  ) {
    for (const product of products) this.put(product);
  }

  get size(): number {
    return this.cards.size;
  }

  /** Adds, replaces or (when `isRemoved`) drops a product; `cursor`: the page's, once filed. */
  upsert(products: Iterable<PosProduct>, cursor?: string): void {
    for (const product of products) {
      this.drop(product.id);
      if (!product.isRemoved) this.put(product);
    }
    if (cursor !== undefined) this.cursor = cursor;
    this.sorted = null;
    this.searchText = null;
  }

  private put(product: PosProduct): void {
    const card = toCard(product);
    this.cards.set(card.productId, card);
    for (const v of card.variants) {
      this.variants.set(v.variantId, v);
      if (v.barcode) this.byBarcode.set(normalizeCode(v.barcode), v);
      if (v.sku) this.bySku.set(normalizeCode(v.sku), v);
    }
    this.sorted = null;
    this.searchText = null;
  }

  private drop(productId: string): void {
    const card = this.cards.get(productId);
    if (!card) return;
    for (const v of card.variants) {
      this.variants.delete(v.variantId);
      if (v.barcode && this.byBarcode.get(normalizeCode(v.barcode)) === v)
        this.byBarcode.delete(normalizeCode(v.barcode));
      if (v.sku && this.bySku.get(normalizeCode(v.sku)) === v) this.bySku.delete(normalizeCode(v.sku));
    }
    this.cards.delete(productId);
  }

  card(productId: string): ProductCard | undefined {
    return this.cards.get(productId);
  }

  variant(variantId: string): IndexedVariant | undefined {
    return this.variants.get(variantId);
  }

  /** A scanned or typed code: the barcode first, then the SKU. */
  findByCode(code: string): IndexedVariant | undefined {
    const key = normalizeCode(code);
    if (!key) return undefined;
    return this.byBarcode.get(key) ?? this.bySku.get(key);
  }

  /** Every product by name, for the grid's « Tout » tab and category tabs. */
  all(): ProductCard[] {
    if (!this.sorted) {
      this.sorted = sortByName([...this.cards.values()]);
      // With the order, not at the first key typed: that search must not pay for it.
      this.searchText = buildSearchText(this.sorted);
    }
    return this.sorted;
  }

  inCategory(categoryId: string | null): ProductCard[] {
    const all = this.all();
    return categoryId === null ? all : all.filter((c) => c.categoryId === categoryId);
  }

  /** Categories that hold at least one product (empty tabs help no one). */
  usedCategoryIds(): Set<string> {
    const ids = new Set<string>();
    for (const card of this.cards.values()) if (card.categoryId) ids.add(card.categoryId);
    return ids;
  }

  /**
   * By name (every word must appear; names starting with the query first, then words starting
   * with it, then anywhere) or by the start of a SKU or barcode. The names, in order, are one
   * string the query's longest word is looked for in (the engine's string search, not a call per
   * product): with 20 000 products a search must leave the tablet time to draw its results.
   */
  search(query: string, limit = 60): ProductCard[] {
    const normalized = normalizeForSearch(query);
    if (!normalized) return [];
    const words = normalized.split(' ');
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
    const others = words.filter((w) => w !== longest);
    const sorted = this.all();
    const text = this.searchText!;
    const ranks: ProductCard[][] = [[], [], []];
    const byName = new Set<number>();
    for (let at = text.names.indexOf(longest); at >= 0;) {
      const i = cardAt(text.nameStarts, at);
      const card = sorted[i]!;
      const name = card.normalizedName;
      if (others.every((w) => name.includes(w))) {
        byName.add(i);
        if (name.startsWith(normalized)) ranks[0]!.push(card);
        else if (name.includes(` ${words[0]}`)) ranks[1]!.push(card);
        else ranks[2]!.push(card);
        if (ranks[0]!.length >= limit) break;
      }
      at = text.names.indexOf(longest, text.nameStarts[i + 1] ?? text.names.length);
    }
    const byCode: ProductCard[] = [];
    const code = normalizeCode(query);
    for (let at = code ? text.codes.indexOf(`${CODE_SEPARATOR}${code}`) : -1; at >= 0;) {
      const i = cardAt(text.codeStarts, at);
      if (!byName.has(i)) byCode.push(sorted[i]!);
      if (byCode.length >= limit) break;
      at = text.codes.indexOf(`${CODE_SEPARATOR}${code}`, text.codeStarts[i + 1] ?? text.codes.length);
    }
    return [...ranks.flat(), ...byCode].slice(0, limit);
  }

  /** A local sale takes stock, a refund gives it back, until the server's figure arrives. */
  adjustStock(variantId: string, delta: number): void {
    const variant = this.variants.get(variantId);
    if (variant) variant.stock += delta;
  }
}
