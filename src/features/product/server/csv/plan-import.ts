import type { Executor } from '@/server/db';
import { currencyOf, type Currency } from '@/server/csv';
import { normalizeForSearch } from '@/shared/search';
import { frenchTypography } from '@/shared/typography';
import { issuesToDetails } from '@/shared/validation';
import { BOUND_MESSAGES, MAX_STOCK } from '@/shared/bounds';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { MAX_VARIANTS, ZProductInput, type ProductStatus, type TProductInput } from '../../product.schemas';
import { findCategories, type ProductRow, type VariantRow } from '../product.repository';
import { safeDescription, variantRuleErrors } from '../product-rules';
import { CategoryTree, loadExisting, type Existing } from './catalogue';
import { GroupErrors, locate, NO, parseWhole, STATUS_WORDS, YES, type SortableError } from './cells';
import { CATEGORY_SEPARATOR, COLUMN_KEYS, OPTION_COLUMNS, TAG_SEPARATOR, type Column } from './columns';
import type { CsvImportError } from '../../product-csv.schemas';
import type { AmountReader } from './layouts/layout';
import type { ImportFile, ImportGroup } from './read-rows';

export interface StockTarget {
  variantId: string;
  stock: number;
}

export interface PlannedProduct {
  kind: 'create' | 'update' | 'unchanged';
  input: TProductInput;
  categoryPath: string[] | null;
  existing: ProductRow | null;
  stockTargets: StockTarget[];
  /** The line of its own fields, and the images the file gives it (never fetched). */
  productLine: number;
  imageUrls: string[];
}

export interface ImportPlan {
  products: PlannedProduct[];
  skipped: number;
  errors: CsvImportError[];
  categories: CategoryTree;
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
  group: ImportGroup,
  ctx: {
    currency: Currency;
    readAmount: AmountReader;
    existing: Existing;
    categories: CategoryTree;
    canAdjustStock: boolean;
    file: FileCodes;
  },
  errors: GroupErrors,
): PlannedProduct | null {
  const rows = group.rows;
  const head = rows[0]!;
  const first = group.productLine;
  group.problems.forEach((problem) => errors.addFound(problem));

  // Product fields, from the first row only.
  const statusCell = head.cell('status');
  let status: ProductStatus = 'active';
  if (statusCell) {
    const known = STATUS_WORDS[normalizeForSearch(statusCell)];
    if (known) status = known;
    else
      errors.add(
        first,
        'status',
        `«\u00a0${statusCell}\u00a0» n’est pas un statut\u00a0: Actif, Brouillon ou Archivé.`,
      );
  }
  const trackCell = normalizeForSearch(head.cell('trackStock'));
  let trackStock = true;
  if (NO.has(trackCell)) trackStock = false;
  else if (trackCell && !YES.has(trackCell))
    errors.add(first, 'trackStock', 'Répondez «\u00a0Oui\u00a0» ou «\u00a0Non\u00a0».');
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
      errors.add(
        first,
        'category',
        `Chaque niveau de la catégorie doit avoir un nom («\u00a0${categoryCell}\u00a0»).`,
      );
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
      errors.add(first, OPTION_COLUMNS[i]!.name, `Nommez l’option ${i + 1} avant l’option ${i + 2}.`);
  });
  for (const row of rows.slice(1))
    OPTION_COLUMNS.forEach((o, i) => {
      const name = row.cell(o.name);
      if (name && name.toLowerCase() !== (named[i] ?? '').toLowerCase())
        errors.add(
          row.line,
          o.name,
          `Les lignes d’un produit nomment les mêmes options que sa première ligne (ligne ${first}).`,
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
        `Plusieurs produits sans SKU s’appellent «\u00a0${head.cell('name')}\u00a0»\u00a0: renseignez un SKU pour dire lequel mettre à jour.`,
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
        errors.add(row.line, o.value, 'Cette option n’a pas de nom sur la première ligne du produit.');
    });
    const money = (column: Column, required: boolean): number | null => {
      const raw = row.cell(column);
      if (!raw) {
        if (required) errors.add(row.line, column, 'Le prix est obligatoire.');
        return null;
      }
      const parsed = ctx.readAmount(raw, ctx.currency);
      if ('value' in parsed) return parsed.value;
      errors.add(row.line, column, parsed.error);
      return null;
    };
    const stockCell = row.cell('stock');
    let stock: number | null = null;
    if (stockCell) {
      const parsed = parseWhole(stockCell);
      // Past the bound, refused here: an existing variant's figure becomes a move, not a field of
      // ZProductInput.
      if ('error' in parsed) errors.add(row.line, 'stock', parsed.error);
      else if (parsed.value > MAX_STOCK) errors.add(row.line, 'stock', BOUND_MESSAGES.stock);
      else stock = parsed.value;
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
        `Votre rôle ne permet pas de modifier le stock\u00a0: laissez la cellule vide ou à ${match.stock}.`,
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
      const at = locate(path, rows, { options, variants }, first);
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
        `Plusieurs lignes à la suite s’appellent «\u00a0${input.name}\u00a0»\u00a0: un produit sans option n’a qu’une ligne. ` +
          'Renseignez ses options, ou donnez des noms différents aux produits.',
      );
    else {
      const at = locate(path, rows, input, first);
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
  return {
    kind,
    input,
    categoryPath,
    existing,
    stockTargets,
    productLine: first,
    imageUrls: group.imageUrls,
  };
}

/**
 * Every product of the file checked against the shop as it is now; the rows its layout could not
 * place are errors and count as skipped. Errors sorted by line, then by our column order.
 */
export async function planImport(
  db: Executor,
  shop: ShopRow,
  file: ImportFile,
  canAdjustStock: boolean,
): Promise<ImportPlan> {
  const ctx = {
    currency: currencyOf(shop),
    readAmount: file.readAmount,
    existing: await loadExisting(db, shop.id, file.groups),
    categories: new CategoryTree(await findCategories(db, shop.id)),
    canAdjustStock,
    file: { skus: new Map(), barcodes: new Map(), products: new Map() } satisfies FileCodes,
  };
  const planned: PlannedProduct[] = [];
  const errors: SortableError[] = file.rejected.map((error) => ({
    error: { ...error, message: frenchTypography(error.message) },
    order: COLUMN_KEYS.length,
  }));
  let skipped = file.rejected.length;
  for (const group of file.groups) {
    const groupErrors = new GroupErrors(file.label);
    const product = planGroup(group, ctx, groupErrors);
    if (product) planned.push(product);
    else {
      skipped++;
      errors.push(...groupErrors.list);
    }
  }
  errors.sort((a, b) => a.error.row - b.error.row || a.order - b.order);
  return {
    products: planned,
    skipped,
    errors: errors.map((e) => e.error),
    categories: ctx.categories,
  };
}
