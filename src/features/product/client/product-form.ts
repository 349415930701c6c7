import { moneyInputValue } from '@/shared/money';
import type { Product } from './product.api';
import type { ProductFormValues } from './product-form-schema';
import { isUsable, type OptionValues } from './option-rows';

export type { ProductFormValues } from './product-form-schema';
export type VariantRowValues = ProductFormValues['variants'][number];
export type { OptionValues } from './option-rows';

/*
 * What the product editor's form starts from, and the variants kept in step with the options. Its
 * rules (zod and the schemas) are in ./product-form-schema.ts, loaded when the form is first used.
 */

export function emptyVariant(optionValues: string[] = []): VariantRowValues {
  return {
    optionValues,
    price: '',
    compareAtPrice: '',
    costPrice: '',
    sku: '',
    barcode: '',
    stock: '',
    imageUrl: '',
  };
}

export function emptyForm(): ProductFormValues {
  return {
    name: '',
    descriptionHtml: '',
    seoTitle: '',
    seoDescription: '',
    status: 'active',
    categoryId: '',
    tags: '',
    trackStock: true,
    lowStockThreshold: '0',
    weightGrams: '',
    options: [],
    variants: [emptyVariant()],
  };
}

export function formFromProduct(product: Product, currency: string): ProductFormValues {
  return {
    name: product.name,
    descriptionHtml: product.descriptionHtml,
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
    status: product.status,
    categoryId: product.categoryId ?? '',
    tags: product.tags.join(', '),
    trackStock: product.trackStock,
    lowStockThreshold: String(product.lowStockThreshold),
    weightGrams: product.weightGrams === null ? '' : String(product.weightGrams),
    options: product.options,
    variants: product.variants.map((v) => ({
      id: v._id,
      optionValues: v.optionValues,
      price: moneyInputValue(v.price, currency),
      compareAtPrice: moneyInputValue(v.compareAtPrice, currency),
      costPrice: moneyInputValue(v.costPrice, currency),
      sku: v.sku ?? '',
      barcode: v.barcode ?? '',
      stock: '',
      currentStock: v.stock,
      imageUrl: v.imageUrl ?? '',
    })),
  };
}

/** Every combination of the options' values, in option order (Taille × Couleur…). */
export function combinations(options: Array<{ values: string[] }>): string[][] {
  return options.reduce<string[][]>(
    (acc, option) => acc.flatMap((combo) => option.values.map((value) => [...combo, value])),
    [[]],
  );
}

const comboOf = (row: { optionValues: string[] }) => row.optionValues.join('\u0000');

/**
 * The variant rows after the options changed: a combination that existed keeps its row (prices,
 * codes, id); new combinations get empty rows; combinations no longer possible are dropped.
 */
export function syncVariants(options: OptionValues[], rows: VariantRowValues[]): VariantRowValues[] {
  const usable = options.filter(isUsable);
  const byCombo = new Map(rows.map((r) => [comboOf(r), r]));
  if (usable.length === 0)
    return [rows.find((r) => r.optionValues.length === 0) ?? rows[0] ?? emptyVariant()].map((r) => ({
      ...r,
      optionValues: [],
    }));
  return combinations(usable).map((combo) => byCombo.get(combo.join('\u0000')) ?? emptyVariant(combo));
}

/** Whether two lists of rows stand for the same combinations, in the same order. */
export function sameCombinations(a: VariantRowValues[], b: VariantRowValues[]): boolean {
  return a.length === b.length && a.every((row, i) => comboOf(row) === comboOf(b[i]!));
}
