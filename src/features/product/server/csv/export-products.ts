import { and, asc, gt } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { products } from '@/server/db/schema/product';
import {
  currencyOf,
  formatCsvAmount,
  guardFormula,
  serializeCsvRows,
  type Currency,
  type CsvSeparator,
} from '@/server/csv';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { PRODUCT_STATUS_LABELS, type ProductStatus, type TListProductsQuery } from '../../product.schemas';
import {
  findCategories,
  findVariantsOf,
  type CategoryRow,
  type ProductRow,
  type VariantRow,
} from '../product.repository';
import { productFilters } from '../list-products';
import { CATEGORY_SEPARATOR, COLUMN_KEYS, PRODUCT_CSV_HEADERS, TAG_SEPARATOR, type Column } from './columns';

const EXPORT_PAGE_SIZE = 500;

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

function productRows(
  product: ProductRow,
  variants: VariantRow[],
  category: string,
  currency: Currency,
  decimalMark: ',' | '.',
): string[][] {
  const amount = (minor: number | null) =>
    minor === null ? '' : formatCsvAmount(minor, currency.minorDigits, decimalMark);
  return variants.map((variant, index) => {
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
    return COLUMN_KEYS.map((c) => guardFormula(cells[c]));
  });
}

/**
 * The products the list shows for these filters (productFilters, the list's own), one row per
 * variant, in creation order. Products are read by keyset pages of 500 and each page is turned
 * into text before the next is read, so a catalogue of 60 000 variants is never held as rows and
 * as text at once. Amounts take the decimal mark the separator leaves free.
 */
export async function exportProductsCsv(
  db: Executor,
  shop: ShopRow,
  filters: Pick<TListProductsQuery, 'search' | 'status' | 'categoryId' | 'stock'>,
  separator: CsvSeparator = ';',
): Promise<string> {
  const currency = currencyOf(shop);
  const decimalMark = separator === ';' ? ',' : '.';
  const paths = categoryPaths(await findCategories(db, shop.id));
  // The list's filters only: its paging and display options mean nothing here.
  const conditions = await productFilters(db, { ...filters, shopId: shop.id } as Parameters<
    typeof productFilters
  >[1]);
  const parts = ['\uFEFF', serializeCsvRows([PRODUCT_CSV_HEADERS], separator)];
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
    const rows = page.flatMap((p) =>
      productRows(
        p,
        byProduct.get(p.id) ?? [],
        p.categoryId ? (paths.get(p.categoryId) ?? '') : '',
        currency,
        decimalMark,
      ),
    );
    parts.push(serializeCsvRows(rows, separator));
    if (page.length < EXPORT_PAGE_SIZE) break;
    after = page[page.length - 1]!.id;
  }
  return parts.join('');
}
