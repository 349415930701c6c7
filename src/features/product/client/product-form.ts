import { z } from '@/shared/validation';
import { moneyInputValue } from '@/shared/money';
import { integerText, moneyText, textOrNull, wording } from '@/client/forms/text-inputs';
import { ZOptionInput, ZProductInput, ZVariantInput } from '../product.schemas';
import type { Product } from './product.api';

/*
 * The product editor's form: `ZProductInput` with its numbers as typed and the saved stock shown
 * beside each variant. Every rule is the server's own, reached through the schemas' `.shape`; this file
 * reads text, leaves out the options still being written, and keeps variants in step with options.
 */

const product = ZProductInput.shape;
const variant = ZVariantInput.shape;

function variantRow(currency: string) {
  return ZVariantInput.extend({
    price: moneyText(currency, variant.price, { required: 'Indiquez un prix valide.' }),
    compareAtPrice: moneyText(currency, variant.compareAtPrice, { blank: null }),
    costPrice: moneyText(currency, variant.costPrice, { blank: null }),
    sku: textOrNull(variant.sku),
    barcode: textOrNull(variant.barcode),
    /** Opening stock of a new variant; existing ones move through « Ajuster le stock ». */
    stock: integerText(variant.stock, { blank: 0 }),
    /** One of the product's images (its card size), shown when this variant is chosen. */
    imageUrl: textOrNull(variant.imageUrl),
    /** The count saved, shown beside « Ajuster »; never sent. */
    currentStock: z.number().optional(),
  }).transform(({ currentStock: _, id, stock, ...row }) => (id ? { id, ...row } : { ...row, stock }));
}
type VariantOutput = z.output<ReturnType<typeof variantRow>>;

export type OptionValues = { name: string; values: string[] };
type OptionOutput = z.output<typeof ZOptionInput>;

/** An option without a name or a value yet is being written: it is left out, not refused. */
const isUsable = (option: OptionValues) => !!option.name.trim() && option.values.length > 0;

const optionRow = z.preprocess(
  (option: OptionValues) => (isUsable(option) ? option : undefined),
  ZOptionInput.optional(),
);

export function productFormSchema(currency: string) {
  return ZProductInput.extend({
    categoryId: textOrNull(product.categoryId),
    tags: z.preprocess(
      (text: string) =>
        text
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      product.tags,
    ),
    lowStockThreshold: integerText(product.lowStockThreshold),
    weightGrams: integerText(product.weightGrams),
    // Rows first (an error keeps its row's index), then the body's rule for each whole list.
    options: z
      .array(optionRow)
      .pipe(
        z.preprocess(
          (rows: Array<OptionOutput | undefined>) => rows.filter((o): o is OptionOutput => !!o),
          product.options,
        ),
      ),
    variants: z
      .array(variantRow(currency))
      .pipe(z.preprocess((rows: VariantOutput[]) => rows, product.variants)),
  });
}

type ProductFormSchema = ReturnType<typeof productFormSchema>;
export type ProductFormValues = z.input<ProductFormSchema>;
export type VariantRowValues = ProductFormValues['variants'][number];

/** Where a refusal is not the shared rule's own words. */
export const productFormWording = wording({ 'name:too_small': 'Le nom du produit est obligatoire.' });

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
